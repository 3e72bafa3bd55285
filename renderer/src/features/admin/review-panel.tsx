/**
 * The review board (Potato's review workflow): one column per state, each card an item with its reviewer and
 * priority, moved to another state or given to another reviewer from the card. Items in adjudication link to the
 * Adjudicate screen.
 */
import { useState } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { ReviewBoard, ReviewItem } from '../../shared/api/types.js';
import { ErrorNote } from '../../shared/components/status.js';
import { useAdminResource } from './admin-resource.js';
import { Section } from './section.js';
import { fill, useUiText } from '../../shared/ui-text.js';
import type { UiText, UiTextKey } from '../../../../shared/ui-language.js';

const STATE_WORDS: Record<string, UiTextKey> = {
  pending: 'admin_review_pending',
  in_review: 'admin_review_in_review',
  needs_second: 'admin_review_needs_second',
  adjudication: 'admin_review_adjudication',
  done: 'admin_review_done',
};
/** A state's name; one the page has no word for is shown as the server names it. */
const stateTitle = (words: UiText, state: string) => (STATE_WORDS[state] ? words[STATE_WORDS[state]] : state);

export function ReviewPanel() {
  const words = useUiText();
  const board = useAdminResource<ReviewBoard>('/admin/api/review/board');
  const [error, setError] = useState<string | null>(null);
  const send = async (path: string, body: unknown) => {
    setError(null);
    try {
      await api.adminPost(path, body);
      await board.reload();
    } catch (e) {
      setError(errorText(e));
    }
  };
  return (
    <Section title={words.admin_tab_review} id="review" resource={board}>
      {(b) => (
        <>
          <ErrorNote retry={words.admin_retry}>{error}</ErrorNote>
          <div className="review-board">
            {b.states.map((state) => (
              <section key={state} className="review-column" aria-label={stateTitle(words, state)}>
                <h3>
                  {stateTitle(words, state)} <span className="muted">({b.board[state].length})</span>
                </h3>
                <ul>
                  {b.board[state].map((item) => (
                    <ReviewCard
                      key={item.instance_id}
                      item={item}
                      states={b.states}
                      reviewers={b.reviewers}
                      send={send}
                    />
                  ))}
                </ul>
              </section>
            ))}
          </div>
        </>
      )}
    </Section>
  );
}

function ReviewCard({
  item,
  states,
  reviewers,
  send,
}: {
  item: ReviewItem;
  states: ReviewBoard['states'];
  reviewers: string[];
  send: (path: string, body: unknown) => Promise<void>;
}) {
  const words = useUiText();
  const pool = item.assignee && !reviewers.includes(item.assignee) ? [...reviewers, item.assignee] : reviewers;
  const id = item.instance_id;
  return (
    <li className="review-card" data-testid="review-card" data-instance={id}>
      <strong>{id}</strong> <span className="muted">{fill(words.admin_priority, { priority: item.priority })}</span>
      <p className="review-preview">{item.preview}</p>
      {item.note && <p className="muted">{fill(words.admin_note, { note: item.note })}</p>}
      <label>
        {words.admin_reviewer}
        <select
          value={item.assignee ?? ''}
          onChange={(e) => void send('/admin/api/review/assign', { instance_id: id, assignee: e.target.value || null })}
        >
          <option value="">{words.admin_no_one}</option>
          {pool.map((r) => (
            <option key={r} value={r}>
              {r}
            </option>
          ))}
        </select>
      </label>
      <label>
        {words.admin_move_to}
        <select
          value={item.state}
          onChange={(e) => void send('/admin/api/review/move', { instance_id: id, state: e.target.value })}
        >
          {states.map((s) => (
            <option key={s} value={s}>
              {stateTitle(words, s)}
            </option>
          ))}
        </select>
      </label>
      {item.state === 'adjudication' && <a href="#/adjudicate">{words.admin_adjudicate}</a>}
    </li>
  );
}
