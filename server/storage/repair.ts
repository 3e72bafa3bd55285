/**
 * Repairing a data folder whose journal is damaged: the folder is copied aside first, each damaged record is moved
 * out of its journal into a quarantine file (with what it held, as far as it can be read), and the rest is kept,
 * so the store starts again from every record that passed its check. Nothing is guessed: what was set aside is
 * reported record by record.
 */
import { cp, readdir, readFile } from 'node:fs/promises';
import { basename, join } from 'node:path';
import { writeFileAtomic } from './atomic-file.js';
import { lockFolder } from './folder-lock.js';
import { replayJournal, type DamagedRecord } from './journal-replay.js';
import { salvage } from './journal-record.js';

export interface QuarantinedRecord extends DamagedRecord {
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
  records: QuarantinedRecord[];
}

const JOURNAL = /^journal-\d+\.jsonl$/;

export async function repairFolder(dir: string, now = new Date()): Promise<RepairReport> {
  const unlock = lockFolder(dir);
  try {
    const stamp = now.toISOString().replace(/[:.]/g, '-');
    const backup = `${dir.replace(/[\\/]+$/, '')}.before-repair-${stamp}`;
    await cp(dir, backup, { recursive: true, errorOnExist: true, force: false, filter: (src) => basename(src) !== 'marginalia.lock' });
    const records: QuarantinedRecord[] = [];
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
        records.push({ ...d, ...salvage(raw, d.offset, d.end) });
        kept.push(raw.subarray(from, d.offset));
        from = d.end + 1; // and its newline
      }
      kept.push(raw.subarray(from, end));
      await writeFileAtomic(file, Buffer.concat(kept));
    }
    if (!records.length) return { backup, records };
    const quarantine = join(dir, `quarantine-${stamp}.jsonl`);
    await writeFileAtomic(quarantine, records.map((r) => JSON.stringify(r)).join('\n') + '\n');
    return { backup, quarantine, records };
  } finally {
    unlock();
  }
}

/** One line per record set aside: where it was and what it held. */
export function describeLoss(r: QuarantinedRecord): string {
  const where = `${basename(r.file)} record ${r.record} (byte offset ${r.offset}, ${r.why})`;
  if (!Array.isArray(r.ops)) return `${where}: unreadable, ${r.text.length} characters: ${r.text.slice(0, 120)}`;
  const ops = (r.ops as { table?: unknown; key?: unknown; value?: unknown; delete?: unknown }[]).map((op) =>
    op.value === undefined ? `${String(op.table)}/${String(op.key)} deleted` : `${String(op.table)}/${String(op.key)} = ${JSON.stringify(op.value).slice(0, 200)}`,
  );
  return `${where}, as far as it can be read: ${ops.join('; ')}`;
}
