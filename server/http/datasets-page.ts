/**
 * Potato's datasets page (`/datasets/admin`): the evaluation suite's datasets with their versions and tags, and
 * the experiments run on them with each evaluator's mean score, as the datasets API lists them.
 */
import type { DatasetRecord } from '../domain/datasets/records.js';
import type { ExperimentSummary } from '../domain/datasets/experiments.js';
import type { Report } from './report-page.js';

const scores = (s: Record<string, number>) =>
  Object.entries(s)
    .map(([evaluator, mean]) => `${evaluator} ${mean.toFixed(3)}`)
    .join(', ');

export function datasetsPage(datasets: readonly DatasetRecord[], experiments: readonly ExperimentSummary[]): Report {
  return {
    title: 'Datasets',
    lines: [
      'Versioned datasets of examples and the experiments scoring them; each version is a whole snapshot, and a tag names one version of its dataset. The datasets API (/datasets/api/datasets) adds, tags and exports them.',
    ],
    tables: [
      {
        heading: 'Datasets',
        empty: 'No dataset yet.',
        columns: ['Dataset', 'Description', 'Versions', 'Latest version', 'Examples in it', 'Tags', 'Created'],
        rows: datasets.map((d) => {
          const latest = d.versions.at(-1);
          const tags = d.versions.flatMap((v) => v.tags.map((t) => `${t} → ${v.version_id}`));
          return [
            d.name,
            d.description || null,
            d.versions.length,
            latest?.version_id,
            latest?.example_count,
            tags.join(', ') || null,
            d.created_at,
          ];
        }),
      },
      {
        heading: 'Experiments',
        empty: 'No experiment has been run yet.',
        columns: ['Experiment', 'Dataset', 'Version', 'Examples', 'Mean scores', 'Run at'],
        rows: experiments.map((e) => [
          e.name,
          e.dataset_name,
          e.dataset_version,
          e.example_count,
          scores(e.aggregate_scores) || null,
          e.created_at,
        ]),
      },
    ],
  };
}
