/**
 * What the app says when a project cannot be opened. A data folder held by another live Marginalia process (a
 * server started from a terminal, an import or export, another copy of the app) is the common case and has a
 * remedy, so it gets its own dialog naming the holder and a way to try again once it is closed.
 */
import { dirname } from 'node:path';
import { FolderLockedError } from '../server/storage/folder-lock.js';
import { DatabaseOpenError } from '../server/storage/open-store.js';
import { JournalDamageError } from '../server/storage/journal-replay.js';
import { PackDamageError } from '../server/storage/pack-file.js';
import { SnapshotDamageError } from '../server/storage/snapshot-check.js';
import { describeLoss, type RepairReport } from '../server/storage/repair.js';

export interface OpenFailureDialog {
  type: 'error' | 'warning' | 'info';
  message: string;
  detail: string;
  buttons: string[];
  /** what each button means, in the same order */
  actions: Array<'retry' | 'repair' | 'give-up'>;
  /** the data folder a 'repair' answer repairs */
  dataDir?: string;
}

function killHint(pid: number, platform: NodeJS.Platform): string {
  if (platform === 'win32') return `end process ${pid} in Task Manager (Details tab)`;
  if (platform === 'darwin') return `quit process ${pid} in Activity Monitor, or run "kill ${pid}" in Terminal`;
  return `run "kill ${pid}" in a terminal`;
}

export function openFailureDialog(
  file: string,
  error: unknown,
  platform: NodeJS.Platform = process.platform,
): OpenFailureDialog {
  if (error instanceof FolderLockedError) {
    const { pid, host } = error.holder;
    return {
      type: 'warning',
      message: `This project's data is in use by another Marginalia process (pid ${pid})`,
      detail:
        `The data folder ${error.dir} is open in process ${pid}${host ? ` on ${host}` : ''}: a server started with "npm start", ` +
        `an import or export that is still running, or another copy of the app. Only one may write to it at a time.\n\n` +
        `Close that program (or ${killHint(pid, platform)}), then choose Try Again. Nothing has been changed.`,
      buttons: ['Try Again', 'Cancel'],
      actions: ['retry', 'give-up'],
    };
  }
  if (error instanceof DatabaseOpenError) {
    return {
      type: 'warning',
      message: "This project's database cannot be opened",
      detail:
        `${error.message}\n\nThe project config keeps the project in PostgreSQL (${error.database}), so the app opens it ` +
        `from there only. Start the database or correct storage.url in ${file}, then choose Try Again. Nothing has been changed.`,
      buttons: ['Try Again', 'Cancel'],
      actions: ['retry', 'give-up'],
    };
  }
  if (error instanceof JournalDamageError || error instanceof PackDamageError || error instanceof SnapshotDamageError) {
    const dataDir = dirname(error instanceof JournalDamageError ? error.damage.file : error.file);
    return {
      type: 'warning',
      message: "This project's saved data is damaged",
      detail:
        `${error.message}\n\nRepair copies the data folder aside first, moves the damaged records into a quarantine file in it ` +
        `and opens the project from the rest; it then lists every change that was lost. Nothing is changed if you cancel.`,
      buttons: ['Repair', 'Cancel'],
      actions: ['repair', 'give-up'],
      dataDir,
    };
  }
  return {
    type: 'error',
    message: `Could not open ${file}`,
    detail: (error as Error)?.message ?? String(error),
    buttons: ['OK'],
    actions: ['give-up'],
  };
}

/** What the app says after a repair: where the copy and the quarantine file are, and each change that was lost. */
export function repairDoneDialog(
  report: RepairReport,
): Pick<OpenFailureDialog, 'type' | 'message' | 'detail' | 'buttons'> {
  const shown = 20;
  const lost = report.records.slice(0, shown).map((r) => `• ${describeLoss(r)}`);
  if (report.records.length > shown)
    lost.push(`… and ${report.records.length - shown} more, listed in the quarantine file`);
  return {
    type: report.records.length ? 'warning' : 'info',
    message: report.records.length
      ? `Repaired: ${report.records.length} damaged record(s) set aside`
      : 'No damaged record was found',
    detail:
      `The folder as it was is copied to ${report.backup}.` +
      (report.quarantine
        ? `\nWhat was damaged is in ${report.quarantine}.\n\nThese changes are lost:\n${lost.join('\n')}`
        : ''),
    buttons: ['OK'],
  };
}
