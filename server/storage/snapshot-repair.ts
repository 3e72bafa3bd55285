/**
 * Repair of a snapshot whose bytes fail their checksum: which value changed cannot be known, so the tables it
 * holds are set aside whole (as far as its JSON still parses) and a snapshot without them is written in its place.
 * It names the folder's pack files and the oldest journal's generation, so every pack and journal still loads;
 * replaying a journal older than a pack is harmless, as every record sets or deletes whole values in order.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { writeFileAtomic } from './atomic-file.js';
import { FORMAT_VERSION } from './snapshot-pieces.js';
import { checkSnapshot, SnapshotDamageError, snapshotTail } from './snapshot-check.js';

/** A snapshot's content set aside by repair. */
export interface QuarantinedSnapshot {
  kind: 'snapshot';
  file: string;
  why: string;
  /** its tables where its JSON still parses */
  tables?: Record<string, Record<string, unknown>>;
  /** its text where it does not */
  text?: string;
}

const TAIL = /,"crc":"[0-9a-f]{8}"\}\s*$/;
const PACK = /^([\w.-]+)-(\d+)\.pack$/;
const JOURNAL = /^journal-(\d+)\.jsonl$/;

/** Sets a damaged snapshot's tables aside and writes a sound snapshot in its place; undefined if it was sound. */
export async function repairSnapshot(dir: string): Promise<QuarantinedSnapshot | undefined> {
  const file = join(dir, 'snapshot.json');
  try {
    await checkSnapshot(file);
    return undefined;
  } catch (e) {
    if (!(e instanceof SnapshotDamageError)) throw e;
    const text = (await readFile(file, 'utf8')).replace(TAIL, '}');
    const lost: QuarantinedSnapshot = { kind: 'snapshot', file, why: e.why };
    let packs: Record<string, string> | undefined;
    try {
      const parsed = JSON.parse(text) as {
        tables?: Record<string, Record<string, unknown>>;
        packs?: Record<string, string>;
      };
      lost.tables = parsed.tables ?? {};
      packs = parsed.packs;
    } catch {
      lost.text = text;
    }
    await writeFileAtomic(file, soundSnapshot(await readdir(dir), packs));
    return lost;
  }
}

/**
 * A snapshot with no tables of its own, naming for each table the pack the damaged one named where that file is
 * there, else the newest pack of that table in the folder.
 */
function soundSnapshot(names: string[], named: Record<string, string> | undefined): string {
  const packs: Record<string, string> = {};
  const newest = new Map<string, number>();
  const generations: number[] = [];
  for (const name of names) {
    const pack = PACK.exec(name);
    if (pack && Number(pack[2]) >= (newest.get(pack[1]) ?? -1)) {
      newest.set(pack[1], Number(pack[2]));
      packs[pack[1]] = name;
    }
    const journal = JOURNAL.exec(name);
    if (journal) generations.push(Number(journal[1]));
    if (pack) generations.push(Number(pack[2]));
  }
  for (const [table, name] of Object.entries(named ?? {}))
    if (typeof name === 'string' && names.includes(name)) packs[table] = name;
  const generation = generations.length ? Math.min(...generations) : 0;
  const body = `{"format":${FORMAT_VERSION},"generation":${generation},"packs":${JSON.stringify(packs)},"tables":{}`;
  return body + snapshotTail(crc32(body));
}

/** One line for a snapshot set aside. */
export function describeSnapshot(r: QuarantinedSnapshot): string {
  if (!r.tables)
    return `snapshot.json (${r.why}): unreadable, ${r.text?.length ?? 0} characters set aside; its tables are lost`;
  const tables = Object.entries(r.tables).map(([name, rows]) => `${name} (${Object.keys(rows ?? {}).length} rows)`);
  return `snapshot.json (${r.why}): its tables are set aside whole, as far as they can be read: ${tables.join(', ') || 'none'}`;
}
