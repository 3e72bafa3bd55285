/**
 * Start-up of a journal store's folder, apart from the store's write path: the snapshot read through lowdb, its
 * pack files, the leftovers of a compaction a crash cut short removed, then the later journals replayed in order.
 */
import { access, readdir, unlink } from 'node:fs/promises';
import { join } from 'node:path';
import type { Low } from 'lowdb';
import type { Logger, StoreOp } from '../domain/ports.js';
import { isPackFile, journalGeneration, journalName } from './folder-names.js';
import { replayJournal } from './journal-replay.js';
import { readPackFile } from './pack-file.js';
import type { PackedTable } from './packed-table.js';
import { checkSnapshot } from './snapshot-check.js';
import { FORMAT_VERSION, type Snapshot } from './snapshot-pieces.js';
import { StorageError } from './tables.js';

/** Where the loaded state goes: the store's tables. */
export interface LoadTarget {
  load(tables: Snapshot['tables'], packs: ReadonlyMap<string, PackedTable>): void;
  apply(ops: readonly StoreOp[]): void;
}

/** Loads the folder into `target`; resolves with the current generation and where its journal's data ends. */
export async function loadFolder(
  dir: string,
  snapshot: Low<Snapshot>,
  target: LoadTarget,
  logger?: Logger,
): Promise<{ generation: number; dataEnd: number }> {
  const file = join(dir, 'snapshot.json');
  const fresh = await access(file).then(
    () => false,
    () => true,
  );
  await checkSnapshot(file);
  await snapshot.read();
  const snap = snapshot.data;
  if (snap.format > FORMAT_VERSION) {
    throw new StorageError(
      `${file}: written by a newer Marginalia (format ${snap.format}); this one reads up to ${FORMAT_VERSION}`,
    );
  }
  const packs = new Map<string, PackedTable>();
  for (const [table, name] of Object.entries(snap.packs ?? {})) packs.set(table, await readPackFile(join(dir, name)));
  target.load(snap.tables, packs);
  let generation = snap.generation;
  // the rows now live in the tables; drop the parsed snapshot's own containers
  snapshot.data = { format: FORMAT_VERSION, generation: snap.generation, tables: {} };
  const referenced = new Set(Object.values(snap.packs ?? {}));
  // Compaction is rare (64 MiB), so without this most folders would never record their format version.
  // An empty generation-0 snapshot is exact: every journal from generation 0 on is replayed over it.
  if (fresh) await snapshot.write();

  const names = await readdir(dir);
  // temp files and pack files of a compaction a crash cut short, before its snapshot named them
  for (const name of names) {
    if (name.endsWith('.tmp') || (isPackFile(name) && !referenced.has(name)))
      await unlink(join(dir, name)).catch(() => undefined);
  }
  const generations = names
    .map(journalGeneration)
    .filter((g): g is number => g !== undefined)
    .sort((a, b) => a - b);
  let dataEnd = 0;
  for (const g of generations) {
    if (g < snap.generation) continue; // already in the snapshot; a crash interrupted the clean-up
    const end = await replayJournal(join(dir, journalName(g)), (ops) => target.apply(ops), logger);
    if (g >= generation) dataEnd = end;
    generation = Math.max(generation, g);
  }
  return { generation, dataEnd };
}
