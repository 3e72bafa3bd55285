/**
 * What the app says when a project cannot be opened. A data folder held by another live Marginalia process (a
 * server started from a terminal, an import or export, another copy of the app) is the common case and has a
 * remedy, so it gets its own dialog naming the holder and a way to try again once it is closed.
 */
import { FolderLockedError } from '../server/storage/folder-lock.js';

export interface OpenFailureDialog {
  type: 'error' | 'warning';
  message: string;
  detail: string;
  buttons: string[];
  /** what each button means, in the same order */
  actions: Array<'retry' | 'give-up'>;
}

function killHint(pid: number, platform: NodeJS.Platform): string {
  if (platform === 'win32') return `end process ${pid} in Task Manager (Details tab)`;
  if (platform === 'darwin') return `quit process ${pid} in Activity Monitor, or run "kill ${pid}" in Terminal`;
  return `run "kill ${pid}" in a terminal`;
}

export function openFailureDialog(file: string, error: unknown, platform: NodeJS.Platform = process.platform): OpenFailureDialog {
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
  return { type: 'error', message: `Could not open ${file}`, detail: (error as Error)?.message ?? String(error), buttons: ['OK'], actions: ['give-up'] };
}
