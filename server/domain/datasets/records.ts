/**
 * Potato's evaluation datasets as stored: a dataset's name, description and version list in one row, each
 * version's examples in a row of their own (a version is an immutable snapshot, so a row is written once), and
 * each experiment whole. Potato keeps them as JSONL files or SQLite beside its output; here they are rows of the
 * project's store, so they live in the data folder or the database like everything else.
 */

/** One row of a dataset: the task input, an optional reference (gold) output, free metadata and a split. */
export interface Example {
  id: string;
  inputs: unknown;
  reference_outputs: unknown;
  metadata: Record<string, unknown>;
  split: string;
}

export interface DatasetVersion {
  /** v0001, v0002, … in order of creation */
  version_id: string;
  created_at: string;
  example_count: number;
  /** a tag names exactly one version of its dataset: tagging another moves it */
  tags: string[];
  note: string;
}

export interface DatasetRecord {
  name: string;
  description: string;
  created_at: string;
  versions: DatasetVersion[];
}

/** What one evaluator said of one example. */
export interface EvaluationResult {
  key: string;
  score: number | null;
  value: unknown;
  comment: string;
  metadata: Record<string, unknown>;
}

export interface ExperimentResult {
  example_id: string;
  outputs: unknown;
  scores: Record<string, number | null>;
  results: EvaluationResult[];
}

export interface ExperimentRecord {
  id: string;
  name: string;
  dataset_name: string;
  dataset_version: string;
  created_at: string;
  metadata: Record<string, unknown>;
  /** evaluator key → mean of its scores over the examples it scored */
  aggregate_scores: Record<string, number>;
  example_count: number;
  results: ExperimentResult[];
}

declare module '../ports.js' {
  interface Tables {
    /** dataset name → its description and versions */
    eval_datasets: DatasetRecord;
    /** `<dataset>\u0001<version id>` → that version's examples */
    eval_dataset_versions: { examples: Example[] };
    /** experiment id → the run: its scores per example and overall */
    eval_experiments: ExperimentRecord;
    /** "assignment" → whether handing out new work is paused, by whom and since when */
    eval_control: { paused: boolean; by: string; at: string };
  }
}

export const versionKey = (dataset: string, versionId: string) => `${dataset}\u0001${versionId}`;
