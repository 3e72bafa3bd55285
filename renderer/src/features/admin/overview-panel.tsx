/** The dashboard's first panel: the project's figures, answers per annotator and progress over time. */
import type { Overview, Timeline } from '../../shared/api/types.js';
import { useAdminResource } from './admin-resource.js';
import { PerAnnotatorChart, ProgressChart } from './charts.js';
import { percent, Section } from './section.js';
import { useUiText } from '../../shared/ui-text.js';

export function OverviewPanel() {
  const words = useUiText();
  const overview = useAdminResource<Overview>('/admin/api/overview');
  const timeline = useAdminResource<Timeline>('/admin/api/timeline');
  return (
    <Section title={words.admin_tab_overview} id="overview" resource={overview}>
      {(o) => (
        <>
          <div className="cards">
            <Card id="items" label={words.admin_stat_items} value={o.total_items} />
            <Card id="completed-items" label={words.admin_stat_completed_items} value={o.completed_items ?? '—'} />
            <Card id="annotations" label={words.admin_th_annotations} value={o.total_annotations} />
            <Card id="annotators" label={words.admin_th_annotators} value={o.total_users} />
            <Card id="completion" label={words.admin_th_completion} value={percent(o.completion_rate)} />
          </div>
          <div className="two-columns">
            <div>
              <h3>{words.admin_per_annotator_heading}</h3>
              <PerAnnotatorChart counts={o.per_annotator ?? {}} />
            </div>
            <div>
              <h3>{words.admin_progress_heading}</h3>
              {timeline.data ? <ProgressChart timeline={timeline.data} /> : null}
            </div>
          </div>
        </>
      )}
    </Section>
  );
}

function Card({ id, label, value }: { id: string; label: string; value: string | number }) {
  return (
    <div className="card" data-testid={`card-${id}`}>
      <div className="card-value">{value}</div>
      <div className="card-label">{label}</div>
    </div>
  );
}
