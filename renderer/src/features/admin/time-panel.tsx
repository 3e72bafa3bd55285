/**
 * Time on items (visible time only): each annotator's median per item, the slowest items, suspiciously fast annotators.
 */
import type { TimeReport } from '../../shared/api/types.js';
import { RowTable } from './tables.js';

const seconds = (ms: number) => (ms >= 60_000 ? `${(ms / 60_000).toFixed(1)} min` : `${(ms / 1000).toFixed(1)} s`);

export function TimeTables({ report }: { report: TimeReport }) {
  if (!report.annotators.length)
    return <p className="muted">No time recorded yet: it is counted while annotators have an item open.</p>;
  return (
    <>
      <p>
        Median time on an item: <strong>{seconds(report.median_ms)}</strong> (only while the page was visible).
      </p>
      {report.fast_annotators.length > 0 && (
        <div className="notice" role="status" data-testid="fast-annotators">
          Much faster than the project (median under a quarter of the project&apos;s):{' '}
          {report.fast_annotators
            .map((a) => `${a.username} (${seconds(a.median_ms)}, ${Math.round(a.share * 100)}%)`)
            .join(', ')}
        </div>
      )}
      <div className="two-columns">
        <div>
          <h3>Per annotator</h3>
          <RowTable
            label="Time per annotator"
            head={['Annotator', 'Items timed', 'Median per item', 'Total', 'Visits', 'Answer changes']}
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
          <h3>Slowest items</h3>
          <RowTable
            label="Slowest items"
            head={['Instance', 'Median time', 'Annotators timed']}
            rows={report.slowest_items.map((i) => [i.instance_id, seconds(i.median_ms), i.annotators])}
          />
        </div>
      </div>
    </>
  );
}
