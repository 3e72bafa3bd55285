/** Dashboard charts (recharts): annotations per annotator, instances by status over time, agreement per schema. */
import { Bar, BarChart, CartesianGrid, Cell, LabelList, Legend, Line, LineChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Agreement } from '../../shared/api/types.js';

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
  const data = Object.entries(counts).map(([name, annotated]) => ({ name, annotated }));
  if (!data.length) return <p className="muted">No annotators yet.</p>;
  return (
    <figure className="chart" aria-label="Instances annotated per annotator" data-testid="per-annotator-chart">
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={data} margin={{ top: 16, right: 8, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="name" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Bar dataKey="annotated" name="Instances annotated" fill="#1a73e8" isAnimationActive={false}>
            <LabelList dataKey="annotated" position="top" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
      <ChartData caption="Instances annotated per annotator" rows={data.map((d) => [d.name, d.annotated])} />
    </figure>
  );
}

export interface ProgressSample {
  time: string;
  completed: number;
  in_progress: number;
  unannotated: number;
}

/** Instances by status, sampled each time the dashboard refreshes (the server keeps no history). */
export function ProgressChart({ samples }: { samples: ProgressSample[] }) {
  if (!samples.length) return null;
  const last = samples[samples.length - 1];
  return (
    <figure className="chart" aria-label="Instances by status over time" data-testid="progress-chart">
      <ResponsiveContainer width="100%" height={220}>
        <LineChart data={samples} margin={{ top: 16, right: 16, bottom: 8, left: 0 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="time" />
          <YAxis allowDecimals={false} />
          <Tooltip />
          <Legend />
          <Line type="monotone" dataKey="completed" name="Completed" stroke="#2e7d32" isAnimationActive={false} />
          <Line type="monotone" dataKey="in_progress" name="In progress" stroke="#f9a825" isAnimationActive={false} />
          <Line type="monotone" dataKey="unannotated" name="Unannotated" stroke="#9e9e9e" isAnimationActive={false} />
        </LineChart>
      </ResponsiveContainer>
      <figcaption className="muted small">
        Now: {last.completed} completed, {last.in_progress} in progress, {last.unannotated} unannotated (sampled while this page is open).
      </figcaption>
    </figure>
  );
}

const alphaColor = (a: number) => (a >= 0.8 ? '#2e7d32' : a >= 0.667 ? '#f9a825' : '#c62828');

export function AgreementChart({ agreement }: { agreement: Agreement }) {
  const rows = Object.entries(agreement.by_schema);
  const data = rows.filter(([, s]) => s.krippendorff_alpha !== null).map(([schema, s]) => ({ schema, alpha: Math.round(s.krippendorff_alpha! * 1000) / 1000 }));
  return (
    <>
      <p>
        Average Krippendorff’s alpha:{' '}
        <strong data-testid="average-alpha">{agreement.overall.average_krippendorff_alpha === null ? 'not enough data' : agreement.overall.average_krippendorff_alpha.toFixed(3)}</strong>
      </p>
      {data.length > 0 && (
        <figure className="chart" aria-label="Krippendorff's alpha per schema">
          <ResponsiveContainer width="100%" height={220}>
            <BarChart data={data} margin={{ top: 16, right: 8, bottom: 8, left: 0 }}>
              <CartesianGrid strokeDasharray="3 3" vertical={false} />
              <XAxis dataKey="schema" />
              <YAxis domain={[-1, 1]} />
              <Tooltip />
              <Bar dataKey="alpha" name="alpha" isAnimationActive={false}>
                {data.map((d) => (
                  <Cell key={d.schema} fill={alphaColor(d.alpha)} />
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
            <th scope="col">Schema</th>
            <th scope="col">Alpha</th>
            <th scope="col">Level</th>
            <th scope="col">Items</th>
            <th scope="col">Annotators</th>
            <th scope="col">Reading</th>
          </tr>
        </thead>
        <tbody>
          {rows.map(([schema, s]) => (
            <tr key={schema}>
              <th scope="row">{schema}</th>
              <td>{s.krippendorff_alpha === null ? '—' : s.krippendorff_alpha.toFixed(3)}</td>
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
