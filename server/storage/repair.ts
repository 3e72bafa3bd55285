/**
 * Repairing a data folder whose snapshot, pack files or journals are damaged: the folder is copied aside first,
 * then a damaged snapshot's tables (snapshot-repair.ts), the rows of a pack's damaged blocks (pack-repair.ts) and
 * each damaged journal record are moved into a quarantine file (with what they held, as far as it can be read),
 * and the rest is kept, so the store starts again from everything that passed its check. Nothing is guessed: what
 * was set aside is reported piece by piece.
 */
import { cp, readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { writeFileAtomic } from './atomic-file.js';
import { lockFolder } from './folder-lock.js';
import { replayJournal, type DamagedRecord } from './journal-replay.js';
import { salvage } from './journal-record.js';
import { describeRow, repairPack, type QuarantinedRow } from './pack-repair.js';
import { describeSnapshot, repairSnapshot, type QuarantinedSnapshot } from './snapshot-repair.js';

interface QuarantinedRecord extends DamagedRecord {
  kind: 'journal record';
  /** the record's ops if they still parse (a checksum mismatch inside a value), else undefined */
  ops?: unknown;
  /** the record's bytes as text */
  text: string;
}

export interface RepairReport {
  /** where the untouched copy of the folder is */
  backup: string;
  /** the quarantine file, or undefined when nothing was damaged */
  quarantine?: string;
  /** what was set aside, in the order it was found: the snapshot, pack rows, journal records */
  records: Quarantined[];
  /** pack files written anew (their sound rows kept; a damaged trailer may lose nothing) */
  rewritten: string[];
}

export type Quarantined = QuarantinedRecord | QuarantinedRow | QuarantinedSnapshot;

const JOURNAL = /^journal-\d+\.jsonl$/;

export async function repairFolder(dir: string, now = new Date()): Promise<RepairReport> {
  const unlock = lockFolder(dir);
  try {
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    const backup = `${dir.replace(/[\\/]+$/, '')}.before-repair-${stamp}`;
    await cp(dir, backup, {
      recursive: true,
      errorOnExist: true,
      force: false,
      filter: (src) => basename(src) !== 'marginalia.lock',
    });
    const records: Quarantined[] = [];
    const snapshot = await repairSnapshot(dir);
    if (snapshot) records.push(snapshot);
    // the snapshot, sound now, names the pack files in use
    const named = await readFile(join(dir, 'snapshot.json'), 'utf8').catch(() => '{}');
    const packs = (JSON.parse(named) as { packs?: Record<string, string> }).packs;
    const rewritten: string[] = [];
    for (const [table, name] of Object.entries(packs ?? {})) {
      const done = await repairPack(join(dir, name), table);
      records.push(...done.lost);
      if (done.rewritten) rewritten.push(join(dir, name));
    }
    for (const name of (await readdir(dir)).filter((n) => JOURNAL.test(n)).sort()) {
      const file = join(dir, name);
      const damaged: DamagedRecord[] = [];
      // also cuts a torn last record and the zeros written ahead, as a start would
      const end = await replayJournal(file, () => undefined, undefined, damaged);
      if (!damaged.length) continue;
      const raw = await readFile(file);
      const kept: Buffer[] = [];
      let from = 0;
      for (const d of damaged) {
        records.push({ kind: 'journal record', ...d, ...salvage(raw, d.offset, d.end) });
        kept.push(raw.subarray(from, d.offset));
        from = d.end + 1; // and its newline
      }
      kept.push(raw.subarray(from, end));
      await writeFileAtomic(file, Buffer.concat(kept));
    }
    if (!records.length) return { backup, records, rewritten };
    const quarantine = join(dir, `quarantine-${stamp}.jsonl`);
    await writeFileAtomic(quarantine, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    return { backup, quarantine, records, rewritten };
  } finally {
    unlock();
  }
}

/** One line per piece set aside: where it was and what it held. */
export function describeLoss(r: Quarantined): string {
  if (r.kind === 'pack row') return describeRow(r);
  if (r.kind === 'snapshot') return describeSnapshot(r);
  const where = `${basename(r.file)} record ${r.record} (byte offset ${r.offset}, ${r.why})`;
  if (!Array.isArray(r.ops)) return `${where}: unreadable, ${r.text.length} characters: ${r.text.slice(0, 120)}`;
  const ops = (r.ops as { table?: unknown; key?: unknown; value?: unknown; delete?: unknown }[]).map((op) =>
    op.value === undefined
      ? `${String(op.table)}/${String(op.key)} deleted`
      : `${String(op.table)}/${String(op.key)} = ${JSON.stringify(op.value).slice(0, 200)}`,
  );
  return `${where}, as far as it can be read: ${ops.join('; ')}`;
}
