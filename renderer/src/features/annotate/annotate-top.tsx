/**
 * The annotate screen's top bar: progress, the item's badges and id, the iterative BWS round, guidelines and keys,
 * chat support when the project has it, search in one's own list.
 */
import type { ReactNode } from 'react';
import type { CurrentInstance, SearchResult } from '../../shared/api/types.js';
import { api } from '../../shared/api/client.js';
import { ProgressBar } from '../../shared/components/progress-bar.js';
import { SearchForm } from '../../shared/components/search-form.js';

export const SEARCH_ID = 'own-search';
const searchOwn = (q: string) => api.get<SearchResult>(`/api/search?q=${encodeURIComponent(q)}&limit=20`);

interface Props {
  instance: CurrentInstance;
  annotatedCount: number | undefined;
  /** the project has guidelines to show */
  guidelines: boolean;
  guidelinesOpen: boolean;
  toggleGuidelines(): void;
  showKeys(): void;
  /** go to a search hit */
  open(instanceId: string): void;
  /** what the app adds to the bar (chat support's button) */
  extra?: ReactNode;
}

export function AnnotateTop(props: Props) {
  const { instance, annotatedCount, guidelines, guidelinesOpen, toggleGuidelines, showKeys, open, extra } = props;
  return (
    <div className="annotate-top">
      <ProgressBar
        position={instance.current_index + 1}
        total={instance.total_instances}
        annotated={annotatedCount}
        progress={instance.progress}
      />
      <span className={`badge ${instance.annotated ? 'badge-done' : ''}`} data-testid="annotated-badge">
        {instance.annotated ? 'Annotated' : 'Not annotated yet'}
      </span>
      {instance.skip?.skipped && (
        <span className="badge badge-skipped" data-testid="skipped-badge">
          Skipped{instance.skip.reason ? `: ${instance.skip.reason}` : ''}
        </span>
      )}
      {!!instance.skip?.skipped_count && (
        <span className="skipped-count" data-testid="skipped-count">
          {instance.skip.skipped_count} skipped
        </span>
      )}
      <span className="instance-id">{instance.instance_id}</span>
      <IbwsRound round={instance.ibws} />
      {guidelines && (
        <button
          type="button"
          className="link"
          onClick={toggleGuidelines}
          aria-keyshortcuts="i"
          aria-expanded={guidelinesOpen}
        >
          Guidelines <kbd>i</kbd>
        </button>
      )}
      <button type="button" className="link" onClick={showKeys} aria-keyshortcuts="?">
        Keys <kbd>?</kbd>
      </button>
      {extra}
      <SearchForm
        id={SEARCH_ID}
        label="Search your items ( / )"
        search={searchOwn}
        onOpen={(hit) => open(hit.instance_id)}
        detail={(hit) => (hit.matched_in.includes('answers') ? 'in your answers' : '')}
      />
    </div>
  );
}

/** Potato's round banner: later rounds re-tuple the items not yet placed, so an annotator sees why tuples recur. */
function IbwsRound({ round }: { round: CurrentInstance['ibws'] }) {
  if (!round) return null;
  return (
    <span className="badge" data-testid="ibws-round">
      Round {round.current_round}
      {round.max_rounds !== null && ` of ${round.max_rounds}`} · {round.terminal_items}/{round.total_items} ranked
    </span>
  );
}
