/**
 * The annotator's progress page (at #/progress, when the project turns annotator_dashboard on): how far the
 * project is and how far they are, never anyone else's name or figures. Fetched again every 15 s while shown.
 */
import { api } from '../../shared/api/client.js';
import type { ProgressSummary } from '../../shared/api/types.js';
import { useResource } from '../../shared/api/use-resource.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';

export function ProgressScreen() {
  const summary = useResource(['progress-summary'], () => api.get<ProgressSummary>('/progress/api/summary'), {
    refreshMs: 15_000,
  });
  const { data } = summary;
  return (
    <section className="progress-page" aria-labelledby="progress-title" aria-busy={summary.loading}>
      <h1 id="progress-title">Your annotation progress</h1>
      <ErrorNote onRetry={() => void summary.reload()}>{summary.error}</ErrorNote>
      {!data && !summary.error && <Loading what="your progress" />}
      {data?.personal && (
        <div className="card-section" data-testid="personal-progress">
          <h2>You</h2>
          <Share
            label="Your assigned items completed"
            part={data.personal.annotated}
            whole={data.personal.assigned}
            percent={data.personal.completion_percentage}
          />
          <div className="cards">
            <Card label="Annotated" value={data.personal.annotated} />
            <Card label="Assigned" value={data.personal.assigned} />
            <Card label="Left" value={Math.max(0, data.personal.assigned - data.personal.annotated)} />
          </div>
        </div>
      )}
      {data?.project && (
        <div className="card-section" data-testid="project-progress">
          <h2>The project</h2>
          <Share
            label="Items with at least one annotation"
            part={data.project.items_with_annotations}
            whole={data.project.total_items}
            percent={data.project.completion_percentage}
          />
          <div className="cards">
            <Card label="Items" value={data.project.total_items} />
            <Card label="Items started" value={data.project.items_with_annotations} />
            <Card label="Annotations" value={data.project.total_annotations} />
            {data.project.active_annotators !== undefined && (
              <Card label="Annotators at work" value={data.project.active_annotators} />
            )}
          </div>
        </div>
      )}
      <p>
        <a href="#/">Back to annotating</a>
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

function Card({ label, value }: { label: string; value: number }) {
  return (
    <div className="card" data-testid={`card-${label.toLowerCase().replace(/\s+/g, '-')}`}>
      <div className="card-value">{value}</div>
      <div className="card-label">{label}</div>
    </div>
  );
}
