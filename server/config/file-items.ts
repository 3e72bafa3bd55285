/**
 * Instances of a line-per-item data file (`.jsonl`, or `.json` with one object per line) whose text and raw
 * item stay in the file: loading keeps each one's id, text length and the place of its line, and `text` or
 * `data` reads that line again when asked for. At 100k reviews the texts and parsed items were ~35 MB of the
 * server's memory for the few an annotator looks at; a corpus of long documents would be all of it.
 *
 * A line is read with one pread; the file is opened at the first read and closed after a moment without one,
 * so no descriptor is held for the life of a task. The items read last are kept (an annotator's current
 * instance is asked for again and again). If the file was edited since the load, the line read is checked
 * against the id and text length it had and refused with a clear message.
 */
import { closeSync, openSync, readSync } from 'node:fs';
import type { Instance } from '../domain/task.js';
import type { ItemKeys } from './data-files.js';

/** ms without a read after which the file is closed */
const IDLE_CLOSE = 2000;

/** A data file no longer holds what the server loaded from it: answered 503 with this message, as storage errors are. */
export class DataFileChanged extends Error {}

/** How many read items each file keeps (the current instances of a lab), in slots chosen by the line's place. */
const KEPT = 32;

export class ItemFile {
  // Slots holding the parsed item itself. A Map of {text, data} wrappers made V8 see most wrappers outlive a
  // scavenge and allocate them straight into the old generation: an export reading every item left 60-170 MB of
  // old garbage at 100k items. Kept this way, its heap stays flat.
  private readonly keptItems: (FileItem | undefined)[] = new Array(KEPT).fill(undefined);
  private readonly keptData: Record<string, unknown>[] = new Array(KEPT).fill(undefined);

  private fd = -1;
  private idle: NodeJS.Timeout | undefined;

  constructor(
    readonly path: string,
    private readonly keys: ItemKeys,
  ) {}

  get textKey(): string {
    return this.keys.textKey;
  }

  /** The item as its line holds it now, checked to be the one loaded. */
  read(item: FileItem, at: number, bytes: number, line: number): Record<string, unknown> {
    const slot = line % KEPT;
    if (this.keptItems[slot] === item) return this.keptData[slot];
    const buf = Buffer.allocUnsafe(bytes);
    const fd = this.open();
    let got = 0;
    while (got < bytes) {
      const n = readSync(fd, buf, got, bytes - got, at + got);
      if (n === 0) break;
      got += n;
    }
    let data: unknown;
    try {
      data = got === bytes ? JSON.parse(buf.toString('utf8')) : undefined;
    } catch {
      data = undefined;
    }
    const fields = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    const text = fields[this.keys.textKey];
    if (String(fields[this.keys.idKey]) !== item.id || typeof text !== 'string' || text.length !== item.textLength) {
      throw new DataFileChanged(`${this.path}:${line}: the file changed since the server started (this line held instance "${item.id}"); restart the server to read it again`);
    }
    this.keptItems[slot] = item;
    this.keptData[slot] = fields;
    return fields;
  }

  private open(): number {
    if (this.fd < 0) {
      try {
        this.fd = openSync(this.path, 'r');
      } catch (e) {
        throw new DataFileChanged(`${this.path}: cannot be read any more (${(e as NodeJS.ErrnoException).code}); was it moved since the server started? Put it back or restart the server`);
      }
      this.idle = setTimeout(() => this.close(), IDLE_CLOSE).unref();
    } else this.idle!.refresh();
    return this.fd;
  }

  private close(): void {
    if (this.fd < 0) return;
    closeSync(this.fd);
    this.fd = -1;
  }
}

export class FileItem implements Instance {
  constructor(
    readonly id: string,
    readonly textLength: number,
    private readonly file: ItemFile,
    private readonly at: number,
    private readonly bytes: number,
    private readonly line: number,
  ) {}

  get text(): string {
    return this.file.read(this, this.at, this.bytes, this.line)[this.file.textKey] as string;
  }

  get data(): Record<string, unknown> {
    return this.file.read(this, this.at, this.bytes, this.line);
  }
}
