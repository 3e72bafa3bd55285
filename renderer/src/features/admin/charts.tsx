/** Dashboard charts (recharts): annotations per annotator, progress over time, agreement per scheme. */
import {
  Bar,
  BarChart,
  CartesianGrid,
  Cell,
  LabelList,
  Legend,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';
import { fill, useUiText } from '../../shared/ui-text.js';
import type { Agreement, Timeline } from '../../shared/api/types.js';

/** The numbers behind a chart, for screen readers (the SVG itself says little). */
function ChartData({ caption, rows }: { caption: string; rows: [string, string | number][] }) {
  return (
    <table className="visually-hidden">
      <caption>{caption}</caption>
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th scope="row">{k}</th>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function PerAnnotatorChart({ counts }: { counts: Record<string, number> }) {
  const words = useUiText();
  const data = Object.entries(counts).map(([name, annotated]) => ({ name, annotated }));
  if (!data.length) return <p className="muted">{words.admin_no_annotators}</p>;
  return (
    <figure className="chart" aria-label={words.admin_chart_per_annotator} data-testid="per-annotator-chart">
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={data} margin={{ top: 16, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="annotated" name={words.admin_series_annotated} fill="#1a73e8" isAnimationActive={false}>
            <LabelList dataKey="annotated" position="top" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
      <ChartData caption={words.admin_chart_per_annotator} rows={data.map((d) => [d.name, d.annotated])} />
    </figure>
  );
}

/** Annotations and completed instances over the project's whole history (from the server's timestamps). */
export function ProgressChart({ timeline }: { timeline: Timeline }) {
  const words = useUiText();
  if (!timeline.points.length) return <p className="muted">{words.admin_nothing_annotated}</p>;
  const label = (iso: string) =>
    timeline.bucket === 'day'
      ? new Date(iso).toLocaleDateString()
      : timeline.bucket === 'minute'
        ? new Date(iso).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit' })
        : new Date(iso).toLocaleString([], { month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit' });
  const data = timeline.points.map((p) => ({ ...p, label: label(p.time) }));
  const last = timeline.points[timeline.points.length - 1];
  return (
    <figure className="chart" aria-label={words.admin_chart_progress} data-testid="progress-chart">
      <ResponsiveContainer width="100%" height={220}>
        <LineChart data={data} margin={{ top: 16, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Line
            type="stepAfter"
            dataKey="annotations"
            name={words.admin_th_annotations}
            stroke="#1a73e8"
            dot={false}
            isAnimationActive={false}
          />
          <Line
            type="stepAfter"
            dataKey="completed_items"
            name={words.admin_series_completed}
            stroke="#2e7d32"
            dot={false}
            isAnimationActive={false}
          />
        </LineChart>
      </ResponsiveContainer>
      <figcaption className="muted small">
        {fill(words.admin_progress_so_far, {
          annotations: last.annotations,
          completed: last.completed_items,
          bucket: words[`admin_bucket_${timeline.bucket}`],
        })}
      </figcaption>
      <ChartData
        caption={words.admin_chart_cumulative}
        rows={data.map((d) => [
          d.label,
          fill(words.admin_progress_row, { annotations: d.annotations, completed: d.completed_items }),
        ])}
      />
    </figure>
  );
}

const fixed = (n: number | null | undefined) => (typeof n === 'number' ? n.toFixed(3) : '—');

const alphaColor = (a: number) => (a >= 0.8 ? '#2e7d32' : a >= 0.667 ? '#f9a825' : '#c62828');

export function AgreementChart({ agreement }: { agreement: Agreement }) {
  const words = useUiText();
  const rows = Object.entries(agreement.by_schema);
  const data = rows
    .filter(([, s]) => s.krippendorff_alpha !== null)
    .map(([scheme, s]) => ({ scheme, alpha: Math.round(s.krippendorff_alpha! * 1000) / 1000 }));
  return (
    <>
      <p>
        {words.admin_average_alpha}{' '}
        <strong data-testid="average-alpha">
          {agreement.overall.average_krippendorff_alpha === null
            ? words.admin_not_enough_data
            : agreement.overall.average_krippendorff_alpha.toFixed(3)}
        </strong>
      </p>
      {data.length > 0 && (
        <figure className="chart" aria-label={words.admin_chart_alpha}>
          <ResponsiveContainer width="100%" height={220}>
            <BarChart data={data} margin={{ top: 16, right: 8, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="scheme" />
              <YAxis domain={[-1, 1]} />
              <Tooltip />
              <Bar dataKey="alpha" name="alpha" isAnimationActive={false}>
                {data.map((d) => (
                  <Cell key={d.scheme} fill={alphaColor(d.alpha)} />
                ))}
                <LabelList dataKey="alpha" position="top" />
              </Bar>
            </BarChart>
          </ResponsiveContainer>
        </figure>
      )}
      <table>
        <thead>
          <tr>
            <th scope="col">{words.admin_th_scheme}</th>
            <th scope="col">{words.admin_th_alpha}</th>
            <th scope="col">{words.admin_th_fleiss}</th>
            <th scope="col">{words.admin_th_cohen}</th>
            <th scope="col">{words.admin_th_level}</th>
            <th scope="col">{words.admin_stat_items}</th>
            <th scope="col">{words.admin_th_annotators}</th>
            <th scope="col">{words.admin_th_reading}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([scheme, s]) => (
            <tr key={scheme}>
              <th scope="row">{scheme}</th>
              <td>{fixed(s.krippendorff_alpha)}</td>
              <td>{fixed(s.fleiss_kappa)}</td>
              <td>{fixed(s.cohen_kappa)}</td>
              <td>{s.level ?? '—'}</td>
              <td>{s.items_evaluated ?? '—'}</td>
              <td>{s.annotators ?? '—'}</td>
              <td>{s.interpretation ?? s.reason ?? '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
