/**
 * Imports into a running project, all or nothing: every row of a file is read and checked before one store
 * write adds them all; a bad row stops the import naming its file and line, and nothing is added. Instance
 * imports run as jobs whose progress can be polled; imports run one at a time so duplicate-id checks hold.
 */
import { DomainError, notFound } from '../errors.js';
import type { Clock, Store } from '../ports.js';
import { addInstances, removeInstances, type Instance, type Task } from '../task.js';
import type { Assignments } from '../annotation/assignment.js';
import { checkNew, extendListsOps, importOps, type ListSettings } from './imported.js';
import { parsePrediction, type PredictionRecord, type Predictions } from './predictions.js';

/** A row of an input file: `name` is the file (or "request body"), `line` where the row starts. */
export interface InputRow {
  name: string;
  line: number;
  item: unknown;
}

export interface Progress {
  bytes_read: number;
  total_bytes: number | null;
}

/** Rows of an input, read lazily; calls `progress` as bytes are read. Throws `invalid` naming file and line. */
export type RowSource = (progress: (p: Progress) => void) => AsyncIterable<InputRow>;

export interface ImportJob {
  import_id: string;
  status: 'queued' | 'reading' | 'saving' | 'done' | 'failed';
  source: string;
  rows_read: number;
  bytes_read: number;
  total_bytes: number | null;
  added: number;
  error: string | null;
  started_at: string;
  finished_at: string | null;
}

export interface ImporterDeps {
  store: Store;
  task: Task;
  assignments: Assignments;
  predictions: Predictions;
  clock: Clock;
  listSettings(): ListSettings;
  toInstance(row: InputRow): Instance;
  /** told of the instances an import added once they are stored (automation rules); not awaited */
  onAdded?(instances: readonly Instance[]): Promise<void> | void;
}

const KEEP_JOBS = 100;

/** An import that ended; a failed one with what stopped it, as thrown (a refused row, a write the store refused). */
export interface FinishedImport {
  job: ImportJob;
  cause?: unknown;
}

export class Importer {
  private readonly jobs = new Map<string, ImportJob>();
  private queue: Promise<unknown> = Promise.resolve();

  constructor(private readonly d: ImporterDeps) {}

  private now = () => new Date(this.d.clock.now()).toISOString();

  /** Runs `work` after every earlier import has finished. */
  private serial<T>(work: () => Promise<T>): Promise<T> {
    const result = this.queue.then(work);
    this.queue = result.catch(() => undefined);
    return result;
  }

  job(id: string): ImportJob {
    const job = this.jobs.get(id);
    if (!job) throw notFound(`no import with id "${id}" (imports are remembered until the server restarts)`);
    return { ...job };
  }

  /**
   * Starts an instance import; `done` settles when it has finished (it never rejects: see the job's status, and
   * the cause of a failure, by which a caller tells the input's fault from the storage's).
   * With `skipKnown`, rows whose id the project has (or an earlier row gave) are left out instead of refused.
   */
  start(
    label: string,
    rows: RowSource,
    options: { skipKnown?: boolean } = {},
  ): { job: ImportJob; done: Promise<FinishedImport> } {
    const job: ImportJob = {
      import_id: `imp_${globalThis.crypto.randomUUID().replace(/-/g, '').slice(0, 16)}`,
      status: 'queued',
      source: label,
      rows_read: 0,
      bytes_read: 0,
      total_bytes: null,
      added: 0,
      error: null,
      started_at: this.now(),
      finished_at: null,
    };
    this.jobs.set(job.import_id, job);
    for (const id of this.jobs.keys()) if (this.jobs.size > KEEP_JOBS) this.jobs.delete(id);
    const done = this.serial(() => this.run(job, rows, options.skipKnown ?? false)).then(
      () => ({ job: { ...job } }),
      (e: Error) => {
        job.status = 'failed';
        job.error = e instanceof DomainError ? e.message : `import failed: ${e.message}`;
        job.finished_at = this.now();
        return { job: { ...job }, cause: e };
      },
    );
    return { job: { ...job }, done };
  }

  private async run(job: ImportJob, rows: RowSource, skipKnown: boolean): Promise<void> {
    job.status = 'reading';
    const instances: Instance[] = [];
    const places: string[] = [];
    const taken = new Set<string>();
    for await (const row of rows((p) => Object.assign(job, p))) {
      const instance = this.d.toInstance(row);
      job.rows_read++;
      if (skipKnown && (this.d.task.instanceById.has(instance.id) || taken.has(instance.id))) continue;
      taken.add(instance.id);
      instances.push(instance);
      places.push(`${row.name}:${row.line}`);
    }
    checkNew(this.d.task, instances, (n) => places[n]);
    if (!instances.length && skipKnown) {
      job.status = 'done';
      job.finished_at = this.now();
      // live ingestion re-reads its overlap window every poll: jobs that found nothing new would push an
      // admin's import out of the remembered ones
      this.jobs.delete(job.import_id);
      return;
    }
    job.status = 'saving';
    const ids = instances.map((i) => i.id);
    const { task, assignments, store } = this.d;
    // the task learns the instances before the write, which readers see at once: no list may name an unknown id
    addInstances(task, instances);
    try {
      const ops = [
        ...importOps(store, instances, job.import_id, this.now()),
        ...extendListsOps(assignments, task, [...assignments.usernames()], ids, this.d.listSettings()),
      ];
      await store.write(ops);
    } catch (e) {
      // the store undid the write; take the instances out again so the task matches what is stored
      assignments.recount();
      removeInstances(task, new Set(ids));
      throw e;
    }
    job.added = instances.length;
    // the automation's fast actions (a dataset, the queue) are done before the import is
    await this.d.onAdded?.(instances);
    job.status = 'done';
    job.finished_at = this.now();
  }

  /** Imports pre-annotations; `defaultSource` names rows that do not name their own source. */
  importPredictions(
    rows: RowSource,
    defaultSource: string | undefined,
  ): Promise<{ imported: number; sources: string[] }> {
    return this.serial(async () => {
      const now = this.now();
      const parsed: { record: PredictionRecord; where: string }[] = [];
      for await (const row of rows(() => undefined)) {
        const where = `${row.name}:${row.line}: `;
        parsed.push({ record: parsePrediction(this.d.task, row.item, where, defaultSource, now), where });
      }
      const ops = this.d.predictions.planOps(parsed);
      await this.d.store.write(ops);
      const records = parsed.map((p) => p.record);
      this.d.predictions.added(records);
      return { imported: records.length, sources: [...new Set(records.map((r) => r.source))].sort() };
    });
  }
}
