/**
 * The annotator's progress page (at #/progress, when the project turns annotator_dashboard on): how far the
 * project is and how far they are, never anyone else's name or figures. Fetched again every 15 s while shown.
 */
import { api } from '../../shared/api/client.js';
import type { ProgressSummary } from '../../shared/api/types.js';
import { useResource } from '../../shared/api/use-resource.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';
import { useUiText } from '../../shared/ui-text.js';

export function ProgressScreen() {
  const summary = useResource(['progress-summary'], () => api.get<ProgressSummary>('/progress/api/summary'), {
    refreshMs: 15_000,
  });
  const { data } = summary;
  const text = useUiText();
  return (
    <section className="progress-page" aria-labelledby="progress-title" aria-busy={summary.loading}>
      <h1 id="progress-title">{text.dash_subtitle}</h1>
      <ErrorNote onRetry={() => void summary.reload()}>{summary.error}</ErrorNote>
      {!data && !summary.error && <Loading what="your progress" />}
      {data?.personal && (
        <div className="card-section" data-testid="personal-progress">
          <h2>{text.dash_your_progress}</h2>
          <Share
            label="Your assigned items completed"
            part={data.personal.annotated}
            whole={data.personal.assigned}
            percent={data.personal.completion_percentage}
          />
          <div className="cards">
            <Card id="annotated" label={text.dash_stat_annotated} value={data.personal.annotated} />
            <Card id="assigned" label={text.dash_stat_assigned} value={data.personal.assigned} />
            <Card
              id="left"
              label={text.dash_stat_left}
              value={Math.max(0, data.personal.assigned - data.personal.annotated)}
            />
          </div>
        </div>
      )}
      {data?.project && (
        <div className="card-section" data-testid="project-progress">
          <h2>{text.dash_project_progress}</h2>
          <Share
            label="Items with at least one annotation"
            part={data.project.items_with_annotations}
            whole={data.project.total_items}
            percent={data.project.completion_percentage}
          />
          <div className="cards">
            <Card id="items" label={text.dash_stat_total_items} value={data.project.total_items} />
            <Card id="items-started" label={text.dash_stat_items_started} value={data.project.items_with_annotations} />
            <Card id="annotations" label={text.dash_stat_annotations} value={data.project.total_annotations} />
            {data.project.active_annotators !== undefined && (
              <Card
                id="annotators-at-work"
                label={text.dash_stat_active_annotators}
                value={data.project.active_annotators}
              />
            )}
          </div>
        </div>
      )}
      <p>
        <a href="#/">{text.dash_back_to_annotating}</a>
      </p>
    </section>
  );
}

function Share({ label, part, whole, percent }: { label: string; part: number; whole: number; percent: number }) {
  return (
    <div className="progress">
      <div
        className="progress-track"
        role="progressbar"
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={whole}
        aria-valuenow={Math.min(part, whole)}
      >
        <div className="progress-fill" style={{ transform: `scaleX(${whole ? Math.min(part, whole) / whole : 0})` }} />
      </div>
      <span className="progress-text">
        {label}: {part} of {whole} ({percent}%)
      </span>
    </div>
  );
}

/** `id` names the card for tests whatever the language of its label. */
function Card({ id, label, value }: { id: string; label: string; value: number }) {
  return (
    <div className="card" data-testid={`card-${id}`}>
      <div className="card-value">{value}</div>
      <div className="card-label">{label}</div>
    </div>
  );
}
