/** The dashboard's first panel: the project's figures, answers per annotator and progress over time. */
import type { Overview, Timeline } from '../../shared/api/types.js';
import { useAdminResource } from './admin-resource.js';
import { PerAnnotatorChart, ProgressChart } from './charts.js';
import { percent, Section } from './section.js';

export function OverviewPanel() {
  const overview = useAdminResource<Overview>('/admin/api/overview');
  const timeline = useAdminResource<Timeline>('/admin/api/timeline');
  return (
    <Section title="Overview" id="overview" resource={overview}>
      {(o) => (
        <>
          <div className="cards">
            <Card label="Items" value={o.total_items} />
            <Card label="Completed items" value={o.completed_items ?? '—'} />
            <Card label="Annotations" value={o.total_annotations} />
            <Card label="Annotators" value={o.total_users} />
            <Card label="Completion" value={percent(o.completion_rate)} />
          </div>
          <div className="two-columns">
            <div>
              <h3>Annotated per annotator</h3>
              <PerAnnotatorChart counts={o.per_annotator ?? {}} />
            </div>
            <div>
              <h3>Progress</h3>
              {timeline.data ? <ProgressChart timeline={timeline.data} /> : null}
            </div>
          </div>
        </>
      )}
    </Section>
  );
}

function Card({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="card" data-testid={`card-${label.toLowerCase().replace(/\s+/g, '-')}`}>
      <div className="card-value">{value}</div>
      <div className="card-label">{label}</div>
    </div>
  );
}
