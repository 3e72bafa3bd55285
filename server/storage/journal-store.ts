/**
 * The default Store: every write appends one JSON line to a journal and is acknowledged after fsync; concurrent
 * writes share one fsync (group commit). At start a lowdb snapshot is read and the journals after it replayed.
 * When the journal grows past a threshold it is compacted: a new journal generation starts and a snapshot of
 * the state at that boundary is written atomically in pieces (writeFileAtomicChunks, not lowdb, whose write would
 * stringify the whole state at once), after which older journals are deleted.
 *
 * Why a journal and not lowdb alone: lowdb rewrites the whole file on every write, so the cost of one
 * submission would grow with the project. Here it is one append, whatever the size.
 *
 * Files in the data folder: `snapshot.json` ({format, generation, tables, packs}), `journal-<generation>.jsonl`
 * (while open followed by zeros written ahead of the data, see journal-file.ts) and, for the tables kept packed (many
 * small rows: annotations), `<table>-<generation>.pack` (pack-file.ts), which `packs` names; the JSON snapshot holds
 * everything else. Each journal line carries a checksum (journal-record.ts). A crash can leave at most a torn last
 * line, which was never acknowledged; it is skipped and cut off at start. A bad line anywhere else stops start-up
 * (journal-replay.ts).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { Low } from 'lowdb';
import type { Logger, Store, StoreOp, TableName, Tables } from '../domain/ports.js';
import { AtomicJsonFile, fsyncDir } from './atomic-file.js';
import type { CompactionBoundary } from './compaction-boundary.js';
import { loadFolder } from './folder-load.js';
import { journalName } from './folder-names.js';
import { removeObsolete, takeBoundary, writeBoundary, type Boundary } from './journal-compaction.js';
import { JournalFile } from './journal-file.js';
import { encodeRecord } from './journal-record.js';
import { StorageError, TableReader } from './tables.js';
import { PackedTable } from './packed-table.js';
import { lockFolder } from './folder-lock.js';
import { FORMAT_VERSION, type Snapshot } from './snapshot-pieces.js';

export { FORMAT_VERSION, StorageError };

/**
 * What a key held before a pending write, to put back if the write fails: a value, or for a packed table the
 * value's bytes (`raw`), which cost a copy where decoding them cost more than the rest of the write; undefined
 * where the key was absent.
 */
interface Undo {
  table: string;
  key: string;
  previous: unknown;
  raw: boolean;
}

interface Pending {
  line: string;
  undo: Undo[];
  resolve: () => void;
  reject: (e: Error) => void;
}

export interface JournalStoreOptions {
  /** journal size that triggers compaction into a snapshot */
  compactBytes?: number;
  logger?: Logger;
  /** tables of many small rows to keep as bytes in memory and in pack files (see packed-table.ts) */
  packed?: readonly string[];
}

export class JournalStore extends TableReader implements Store {
  private journal!: JournalFile;
  private generation = 0;
  private journalBytes = 0;
  private pending: Pending[] = [];
  private flushing: Promise<void> | null = null;
  private compacting: Promise<void> | null = null;
  /** the compaction running now, automatic or called; one at a time */
  private compactingNow: Promise<void> | null = null;
  private afterFailure = false;
  /** the last append's failure, until an append succeeds: what the health check reports */
  private appendFailure: string | undefined;
  private closed = false;
  /** while a compaction writes its snapshot, the values keys changed since had at its boundary */
  private frozen: CompactionBoundary | null = null;
  /** a compaction's journal swap, done by the flush loop at the next moment no batch is being written */
  private swapRequest: (() => void) | null = null;
  private readonly snapshot: Low<Snapshot>;
  private readonly compactBytes: number;
  private readonly logger?: Logger;

  private unlock: () => void = () => undefined;

  private constructor(
    readonly dir: string,
    options: JournalStoreOptions,
  ) {
    super(new Set(options.packed ?? []));
    this.compactBytes = options.compactBytes ?? 64 * 1024 * 1024;
    this.logger = options.logger;
    this.snapshot = new Low<Snapshot>(new AtomicJsonFile(join(dir, 'snapshot.json')), {
      format: FORMAT_VERSION,
      generation: 0,
      tables: {},
    });
  }

  static async open(dir: string, options: JournalStoreOptions = {}): Promise<JournalStore> {
    const store = new JournalStore(dir, options);
    await store.load_();
    return store;
  }

  private async load_(): Promise<void> {
    await mkdir(this.dir, { recursive: true, mode: 0o700 });
    this.unlock = lockFolder(this.dir, this.logger);
    try {
      await this.loadLocked();
    } catch (e) {
      this.unlock();
      throw e;
    }
  }

  private async loadLocked(): Promise<void> {
    const target = { load: this.load.bind(this), apply: this.apply.bind(this) };
    const { generation, dataEnd } = await loadFolder(this.dir, this.snapshot, target, this.logger);
    this.generation = generation;
    this.journal = await JournalFile.open(join(this.dir, journalName(this.generation)), dataEnd);
    this.journalBytes = this.journal.size;
    // a journal created just now must still be found after a crash: its folder entry is made durable too
    if (this.journalBytes === 0) await fsyncDir(this.dir);
  }

  write(ops: StoreOp[]): Promise<void> {
    if (this.closed) return Promise.reject(new StorageError('the store is closed'));
    if (!ops.length) return this.flushing ? this.flushing.then(() => undefined) : Promise.resolve();
    const undo: Undo[] = [];
    for (const op of ops) {
      const table = this.table(op.table);
      const raw = table instanceof PackedTable;
      undo.push({ table: op.table, key: op.key, previous: raw ? table.rawValue(op.key) : table.get(op.key), raw });
    }
    const line = encodeRecord(ops);
    this.keepBoundary(ops);
    this.apply(ops);
    return new Promise<void>((resolve, reject) => {
      this.pending.push({ line, undo, resolve, reject });
      if (!this.flushing) this.flushing = this.flushLoop();
    });
  }

  private async flushLoop(): Promise<void> {
    // Let the requests of this turn of the event loop join the same fsync.
    await new Promise((r) => setImmediate(r));
    while (this.pending.length) {
      this.swapIfRequested();
      const batch = this.pending.splice(0);
      const text = (this.afterFailure ? '\n' : '') + batch.map((p) => p.line).join('');
      const bytes = Buffer.from(text);
      try {
        await this.journal.append(bytes);
        this.journalBytes += bytes.length;
        this.afterFailure = false;
        this.appendFailure = undefined;
        for (const p of batch) p.resolve();
      } catch (e) {
        const failed = batch.concat(this.pending.splice(0));
        // Undo in reverse so memory matches what is on disk; nothing failed was acknowledged.
        for (let i = failed.length - 1; i >= 0; i--) {
          this.keepBoundary(failed[i].undo);
          this.restore(failed[i].undo);
        }
        try {
          await this.journal.truncate(this.journalBytes);
        } catch {
          this.afterFailure = true; // a torn line may remain; start the next append on a fresh line
        }
        const error = new StorageError(`could not save to ${this.dir}: ${(e as Error).message}`);
        this.logger?.error(error.message);
        this.appendFailure = error.message;
        for (const p of failed) p.reject(error);
      }
    }
    this.swapIfRequested();
    this.flushing = null;
    if (this.journalBytes > this.compactBytes && !this.compacting && !this.closed) {
      this.compacting = this.compact()
        .catch((e) => this.logger?.error(`compaction failed (the journal is kept): ${(e as Error).message}`))
        .finally(() => (this.compacting = null));
    }
  }

  private restore(undo: readonly Undo[]): void {
    for (const u of undo) {
      const table = this.table(u.table);
      if (u.previous === undefined) table.delete(u.key);
      else if (u.raw) (table as PackedTable).setRaw(u.key, u.previous as Buffer);
      else table.set(u.key, u.previous);
    }
  }

  private undoneValue(u: Undo): unknown {
    return u.raw && u.previous !== undefined
      ? (this.table(u.table) as PackedTable).decodeRaw(u.previous as Buffer)
      : u.previous;
  }

  /** Saves the value a key had at the snapshot boundary before a change, while a snapshot is being written. */
  private keepBoundary(ops: readonly { table: string; key: string }[]): void {
    if (!this.frozen) return;
    for (const op of ops) this.frozen.keep(op.table, op.key, () => this.data.get(op.table)?.get(op.key));
  }

  /**
   * Starts a new journal generation and snapshots the state at that boundary. The snapshot is written in pieces
   * from the live tables (built whole, it would stall every request while it is built and take another copy of
   * the data in memory); only the tables' key lists are taken at the boundary.
   */
  async compact(): Promise<void> {
    while (this.compactingNow) await this.compactingNow.catch(() => undefined);
    const run = this.compactOnce();
    this.compactingNow = run;
    try {
      await run;
    } finally {
      this.compactingNow = null;
    }
  }

  private swapIfRequested(): void {
    const swap = this.swapRequest;
    this.swapRequest = null;
    swap?.();
  }

  private async compactOnce(): Promise<void> {
    const generation = this.generation + 1;
    const next = await JournalFile.open(join(this.dir, journalName(generation)));
    await fsyncDir(this.dir);
    // The swap happens where no batch is being written (a flush uses the file across awaits): now if no flush
    // runs, else between two batches of the flush loop. Waiting for the loop to end instead could wait forever
    // under steady writes. Writes already applied in memory but not yet in the old journal go to the new one.
    let previous!: JournalFile;
    let boundary!: Boundary;
    await new Promise<void>((resolve) => {
      this.swapRequest = () => {
        previous = this.journal;
        this.journal = next;
        this.generation = generation;
        this.journalBytes = 0;
        this.afterFailure = false;
        const unwritten = this.pending.flatMap((p) => p.undo.map((u) => ({ ...u, before: () => this.undoneValue(u) })));
        boundary = takeBoundary(this.data, unwritten);
        this.frozen = boundary.kept;
        resolve();
      };
      if (!this.flushing) this.swapIfRequested();
    });
    let packs: Set<string>;
    try {
      await previous.close();
      packs = await writeBoundary(this.dir, generation, boundary, (table, key) => this.table(table).get(key));
    } finally {
      this.frozen = null;
      for (const [, table] of boundary.pinned) table.release();
    }
    await removeObsolete(this.dir, generation, packs);
  }

  /** The check and the write happen in one turn of this process's only thread: the journal's order decides. */
  async insertIfAbsent<K extends TableName>(table: K, key: string, value: Tables[K]): Promise<boolean> {
    if (this.get(table, key) !== undefined) return false;
    await this.write([{ table, key, value } as StoreOp]);
    return true;
  }

  /** The journal is only known unwritable by an append that failed: the next one may succeed (space returned). */
  async writeTrouble(): Promise<string | undefined> {
    return this.appendFailure;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    while (this.flushing || this.compacting || this.compactingNow)
      await (this.flushing ?? this.compacting ?? this.compactingNow)!.catch(() => undefined);
    this.closed = true;
    await this.journal.close();
    for (const table of this.data.values()) if (table instanceof PackedTable) table.close();
    this.unlock();
  }
}
