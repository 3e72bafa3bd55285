/**
 * The parts of a journal compaction that do not touch the store's write queue: taking the state at the boundary
 * (at the journal swap), writing it out as pack files and a snapshot (after it), and deleting the files the new
 * snapshot makes obsolete. journal-store.ts decides when the swap happens.
 */
import { readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import { writeFileAtomicChunks } from './atomic-file.js';
import { CompactionBoundary } from './compaction-boundary.js';
import { isPackFile, journalGeneration, packName } from './folder-names.js';
import { PackedTable } from './packed-table.js';
import { packFilePieces } from './pack-file.js';
import { snapshotPieces, type TableKeys } from './snapshot-pieces.js';
import type { TableData } from './tables.js';

/** A key a pending write changes, and how to read the value it had before (the one the old journal holds). */
export interface Unwritten {
  table: string;
  key: string;
  before: () => unknown;
}

export interface Boundary {
  /** the key lists of the tables kept as Maps */
  keys: TableKeys[];
  /** the packed tables, each pinned at its row count at the boundary */
  pinned: (readonly [string, PackedTable, number])[];
  /** the values keys changed since the boundary had at it */
  kept: CompactionBoundary;
}

/**
 * Takes the boundary from the live tables. Writes already applied in memory but not yet in the old journal
 * (`unwritten`) go to the new journal, so for their keys the boundary holds the values from before them.
 */
export function takeBoundary(data: TableData, unwritten: Iterable<Unwritten>): Boundary {
  const keys: TableKeys[] = [];
  const pinned: Boundary['pinned'] = [];
  // a packed table is pinned rather than listed: its rows up to this moment are the boundary's
  for (const [name, table] of data) {
    if (table instanceof PackedTable) pinned.push([name, table, table.pin()]);
    else keys.push([name, Array.from(table.keys())]);
  }
  const kept = new CompactionBoundary();
  for (const u of unwritten) kept.keep(u.table, u.key, u.before);
  // a key those writes deleted is not in the live key list, but the boundary had it
  for (const [name, list] of keys) {
    for (const [key, value] of kept.table(name) ?? [])
      if (value !== undefined && data.get(name)?.get(key) === undefined) list.push(key);
  }
  return { keys, pinned, kept };
}

/**
 * Writes the boundary's pack files and snapshot for `generation`, reading the live tables where a key has not
 * changed since; returns the pack files' names. The pinned tables stay pinned: the caller releases them.
 */
export async function writeBoundary(
  dir: string,
  generation: number,
  { keys, pinned, kept }: Boundary,
  live: (table: string, key: string) => unknown,
): Promise<Set<string>> {
  const packs: Record<string, string> = {};
  // pack files first: until the snapshot names them, the old snapshot and journals are the state
  for (const [name, table, end] of pinned) {
    packs[name] = packName(name, generation);
    await writeFileAtomicChunks(join(dir, packs[name]), packFilePieces(table, end, kept.table(name)));
  }
  await writeFileAtomicChunks(
    join(dir, 'snapshot.json'),
    snapshotPieces(generation, keys, packs, (table, key) => kept.valueAt(table, key, live)),
  );
  return new Set(Object.values(packs));
}

/** Deletes the journals before `generation` and the pack files its snapshot does not name. */
export async function removeObsolete(dir: string, generation: number, packs: ReadonlySet<string>): Promise<void> {
  for (const name of await readdir(dir)) {
    const g = journalGeneration(name);
    if ((g !== undefined && g < generation) || (isPackFile(name) && !packs.has(name)))
      await unlink(join(dir, name)).catch(() => undefined);
  }
}
