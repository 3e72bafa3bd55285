/**
 * Experiments: evaluators run over one version of a dataset, with each example's scores and their means kept as
 * an immutable record. The outputs scored are given with the run (`outputs_map`), else read from the example
 * (`metadata.outputs`, then `inputs.outputs`), as Potato's offline scoring does; nothing here produces outputs.
 */
import { invalid } from '../errors.js';
import { isoTime, type Clock, type Store } from '../ports.js';
import type { Datasets } from './datasets.js';
import { buildEvaluator, type Evaluator } from './evaluators.js';
import type { Example, ExperimentRecord, ExperimentResult } from './records.js';

interface EvaluatorSpec {
  name: string;
  params?: Record<string, unknown>;
  /** the key its scores go under when two specs would share one */
  key?: string;
}

export interface RunRequest {
  dataset: string;
  evaluators: EvaluatorSpec[];
  name?: string;
  outputs_map?: Record<string, unknown>;
  as_of?: string;
  splits?: string[];
  metadata?: Record<string, unknown>;
}

export type ExperimentSummary = Omit<ExperimentRecord, 'results' | 'metadata'>;

export class Experiments {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
    private readonly datasets: Datasets,
  ) {}

  async run(req: RunRequest): Promise<ExperimentRecord> {
    this.datasets.known(req.dataset);
    // every evaluator is built before anything is scored, so a bad spec refuses the whole run
    const evaluators = req.evaluators.map((spec, i): [string, Evaluator] => {
      const ev = buildEvaluator(spec.name, spec.params ?? {}, `evaluators[${i}]`);
      return [spec.key ?? ev.key, ev];
    });
    const keys = new Set<string>();
    evaluators.forEach(([k], i) => {
      if (keys.has(k)) throw invalid(`evaluators[${i}].key: "${k}" is used twice; give each spec its own key`);
      keys.add(k);
    });
    const asOf = req.as_of ?? 'latest';
    const examples = this.datasets.examplesAt(req.dataset, asOf, 'as_of', req.splits);
    const sums = new Map<string, { total: number; n: number }>();
    const results = examples.map((example): ExperimentResult => {
      const outputs = outputsOf(example, req.outputs_map);
      const scores: Record<string, number | null> = {};
      const evaluated = evaluators.map(([k, ev]) => {
        const r = { ...ev.evaluate(outputs, example.reference_outputs), key: k };
        scores[k] = r.score;
        if (r.score !== null) {
          const s = sums.get(k) ?? { total: 0, n: 0 };
          sums.set(k, { total: s.total + r.score, n: s.n + 1 });
        }
        return r;
      });
      return { example_id: example.id, outputs, scores, results: evaluated };
    });
    const record: ExperimentRecord = {
      id: this.nextId(),
      name: req.name ?? '',
      dataset_name: req.dataset,
      dataset_version: this.datasets.resolve(req.dataset, asOf) ?? asOf,
      created_at: isoTime(this.clock.now()),
      metadata: req.metadata ?? {},
      aggregate_scores: Object.fromEntries([...sums].map(([k, s]) => [k, s.total / s.n])),
      example_count: examples.length,
      results,
    };
    await this.store.write([{ table: 'eval_experiments', key: record.id, value: record }]);
    return record;
  }

  /** Summaries, oldest first; of one dataset when named. */
  list(dataset?: string): ExperimentSummary[] {
    const out: ExperimentSummary[] = [];
    for (const [, e] of this.store.entries('eval_experiments')) {
      if (dataset !== undefined && e.dataset_name !== dataset) continue;
      out.push({
        id: e.id,
        name: e.name,
        dataset_name: e.dataset_name,
        dataset_version: e.dataset_version,
        created_at: e.created_at,
        example_count: e.example_count,
        aggregate_scores: e.aggregate_scores,
      });
    }
    return out.sort((a, b) => a.id.localeCompare(b.id));
  }

  get(id: string): ExperimentRecord | undefined {
    return this.store.get('eval_experiments', id);
  }

  count(): number {
    return this.store.size('eval_experiments');
  }

  /** exp-0001, exp-0002, …: the first number not taken */
  private nextId(): string {
    for (let n = this.count() + 1; ; n++) {
      const id = `exp-${String(n).padStart(4, '0')}`;
      if (!this.store.get('eval_experiments', id)) return id;
    }
  }
}

function outputsOf(example: Example, outputsMap: Record<string, unknown> | undefined): unknown {
  if (outputsMap && Object.hasOwn(outputsMap, example.id)) return outputsMap[example.id];
  if (Object.hasOwn(example.metadata, 'outputs')) return example.metadata.outputs;
  const inputs = example.inputs;
  if (inputs && typeof inputs === 'object' && !Array.isArray(inputs) && Object.hasOwn(inputs, 'outputs'))
    return (inputs as Record<string, unknown>).outputs;
  return inputs;
}
