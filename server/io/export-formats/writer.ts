import type { Task } from '../../domain/task.js';
import type { ExportItem } from '../../domain/data/export-rows.js';

/** One export format: how the HTTP answer and the file are named, and how its text is rendered. */
export interface ExportWriter {
  /** how menus name it */
  label: string;
  /** a few words naming it among the others (the dashboard's "Download …" buttons); its format name when absent */
  shortLabel?: string;
  contentType: string;
  extension: string;
  /** throws the error a caller can fix (a format the project cannot fill), before any byte is sent */
  check?(task: Task): void;
  /** the export's text in pieces, in item order */
  parts(task: Task, items: Iterable<ExportItem>): Iterable<string>;
}
