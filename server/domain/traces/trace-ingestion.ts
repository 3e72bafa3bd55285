/**
 * Traces pushed into a running study (Potato's `trace_ingestion`): each normalized trace becomes an ordinary item
 * through the importer, as an admin's import does, so it is stored durably before the answer, reaches
 * annotators' lists by the project's assignment rules, and is seen by exports, agreement and webhooks like any
 * other. The importer skips ids the project already has: a client's retry of a trace it sent is answered as a
 * duplicate and adds nothing, and a trace never replaces an item (or its annotations).
 */
import type { Clock } from '../ports.js';
import type { Task } from '../task.js';
import type { Importer, InputRow } from '../data/importer.js';
import { TRACE_ID_PREFIXES, type NormalizedTrace } from './trace-formats.js';

export interface TraceIngestionSettings {
  enabled: boolean;
  /** the shared secret clients send (Bearer or X-API-Key); '' lets anyone who reaches the server in */
  apiKey: string;
}

export interface IngestResult {
  trace_id: string;
  steps: number;
  /** true when the project already had the id: nothing was added */
  duplicate: boolean;
}

/** Counters since this process started (Potato's `stats`); `processed` counts the stored ingested items. */
export interface IngestionStats {
  received: number;
  processed: number;
  errors: number;
  last_received: number | null;
}

export interface TraceIngestionDeps {
  settings: TraceIngestionSettings;
  task: Task;
  clock: Clock;
  itemKeys: { idKey: string; textKey: string };
}

export const TRACES_OFF =
  'trace ingestion is not enabled in this project: the project owner turns it on with trace_ingestion: {enabled: true}';

export class TraceIngestion {
  private counts = { received: 0, errors: 0, last_received: null as number | null };

  /** `importer` is set again when the services are composed anew (a shared store's foreign changes) */
  constructor(
    private readonly d: TraceIngestionDeps,
    public importer: Importer,
  ) {}

  get settings(): TraceIngestionSettings {
    return this.d.settings;
  }

  now(): number {
    return this.d.clock.now();
  }

  /** Counts a request that reached the converter, valid or not. */
  received(): void {
    this.counts.received++;
    this.counts.last_received = this.d.clock.now() / 1000;
  }

  refused(): void {
    this.counts.errors++;
  }

  /** Adds the trace as an item; resolves once it is durable, or at once as a duplicate when the id is known. */
  async ingest(trace: NormalizedTrace): Promise<IngestResult> {
    const { idKey, textKey } = this.d.itemKeys;
    const item = { ...trace, [idKey]: trace.id, [textKey]: trace.task_description || 'Ingested trace' };
    const rows = () =>
      (async function* (): AsyncIterable<InputRow> {
        yield { name: 'trace webhook', line: 1, item };
      })();
    // imports run one at a time, so of two identical requests at once the second finds the first's item
    const { job, cause } = await this.importer.start(`trace ${trace.id}`, rows, { skipKnown: true }).done;
    if (job.status === 'failed') {
      this.counts.errors++;
      throw cause ?? new Error(job.error ?? 'the trace could not be stored');
    }
    return { trace_id: trace.id, steps: trace.steps.length, duplicate: job.added === 0 };
  }

  stats(): IngestionStats {
    let processed = 0;
    for (const instance of this.d.task.instances)
      if (TRACE_ID_PREFIXES.some((p) => instance.id.startsWith(p))) processed++;
    return { ...this.counts, processed };
  }
}
