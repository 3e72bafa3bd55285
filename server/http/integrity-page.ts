/**
 * Potato's annotation integrity page (`/admin/annotation-integrity?format=html`): the same per-annotator figures
 * as the JSON report, drawn for an admin who opens the link in a browser, the most suspicious annotator first.
 */
import type { IntegrityReport } from '../domain/telemetry/integrity.js';
import type { Report } from './report-page.js';

const rates = (r: Record<string, number>) =>
  Object.entries(r)
    .map(([rule, share]) => `${rule} ${Math.round(share * 100)}%`)
    .join(', ');

export function integrityPage(reports: readonly IntegrityReport[], caveat: string): Report {
  return {
    title: 'Annotation integrity',
    lines: [
      "Per annotator, without gold answers: correlated agreement with peers on the categorical schemes (near zero for random answers), and the share of the annotator's typing and telemetry sessions each screening rule flagged.",
      `Annotators: ${reports.length}. No reference model labels are kept here, so there is no model alignment.`,
      caveat,
    ],
    tables: [
      {
        heading: 'Annotators, the most suspicious first',
        empty: 'No annotator has answered yet.',
        columns: [
          'Annotator',
          'Items',
          'Correlated agreement',
          'Sessions screened',
          'Flagged sessions',
          'Suspicion',
          'Flags',
        ],
        rows: reports.map((r) => [
          r.annotator,
          r.n_items,
          r.ca_score,
          r.process_sessions,
          rates(r.process_flag_rates) || null,
          r.suspicion,
          r.flags.join(', ') || null,
        ]),
      },
    ],
  };
}
