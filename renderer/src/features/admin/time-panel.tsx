/**
 * Time on items (visible time only): each annotator's median per item, the slowest items, suspiciously fast annotators.
 */
import type { TimeReport } from '../../shared/api/types.js';
import { RowTable } from './tables.js';
import { useUiText } from '../../shared/ui-text.js';

const seconds = (ms: number) => (ms >= 60_000 ? `${(ms / 60_000).toFixed(1)} min` : `${(ms / 1000).toFixed(1)} s`);

export function TimeTables({ report }: { report: TimeReport }) {
  const words = useUiText();
  if (!report.annotators.length) return <p className="muted">{words.admin_no_time}</p>;
  return (
    <>
      <p>
        {words.admin_median_time} <strong>{seconds(report.median_ms)}</strong> {words.admin_visible_only}
      </p>
      {report.fast_annotators.length > 0 && (
        <div className="notice" role="status" data-testid="fast-annotators">
          {words.admin_fast_annotators}{' '}
          {report.fast_annotators
            .map((a) => `${a.username} (${seconds(a.median_ms)}, ${Math.round(a.share * 100)}%)`)
            .join(', ')}
        </div>
      )}
      <div className="two-columns">
        <div>
          <h3>{words.admin_per_annotator}</h3>
          <RowTable
            label={words.admin_time_per_annotator}
            head={[
              words.admin_th_annotator,
              words.admin_th_items_timed,
              words.admin_th_median_per_item,
              words.admin_th_total,
              words.admin_th_visits,
              words.admin_th_answer_changes,
            ]}
            rows={report.annotators.map((a) => [
              a.username,
              a.items,
              seconds(a.median_ms),
              seconds(a.total_ms),
              a.visits,
              a.changes,
            ])}
          />
        </div>
        <div>
          <h3>{words.admin_slowest_items}</h3>
          <RowTable
            label={words.admin_slowest_items}
            head={[words.admin_th_instance, words.admin_th_median_time, words.admin_th_annotators_timed]}
            rows={report.slowest_items.map((i) => [i.instance_id, seconds(i.median_ms), i.annotators])}
          />
        </div>
      </div>
    </>
  );
}
