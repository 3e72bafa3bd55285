/**
 * Instances of a line-per-item data file (`.jsonl`, or `.json` with one object per line) whose text and raw
 * item stay in the file: loading keeps each one's id, text length and the place of its line, and `text` or
 * `data` reads that line again when asked for. Kept in memory, every text and parsed item would cost the server
 * memory for the few an annotator looks at; a corpus of long documents would be all of it.
 *
 * A line is read with one pread (or from a block read a moment ago, see BLOCK); the file is opened at the first
 * read and closed after a moment without one, so no descriptor is held for the life of a task. The items read last
 * are kept (an annotator's current instance is asked for again and again). If the file was edited since the load,
 * the line read is checked against the id and text length it had and refused with a clear message.
 */
import { itemText } from './item-text.js';
import { closeSync, openSync, readSync } from 'node:fs';
import type { Instance } from '../domain/task.js';
import type { ItemKeys } from './data-files.js';
import { FileBlocks } from '../storage/file-blocks.js';

/** ms without a read after which the file is closed */
const IDLE_CLOSE = 2000;

/**
 * A data file no longer holds what the server loaded from it: answered 503 with this message, as storage errors are.
 */
export class DataFileChanged extends Error {}

/** How many read items each file keeps (the current instances of a lab), in slots chosen by the line's place. */
const KEPT = 32;

/**
 * Blocks of the file read lately, in slots chosen by their place: a script going down its list, or an export,
 * reads lines in file order, and one pread then serves the next dozen lines instead of one system call each. A
 * line longer than a block is read by itself.
 */
const BLOCK = 8 * 1024;
const BLOCKS = 32;
/**
 * ms a block is used after it was read. Past that its lines are read from the file again, so an edit of the file
 * under the server is noticed (a line served from a block before then is the line as loaded, never another's).
 */
const BLOCK_FRESH = 250;

export class ItemFile {
  // Slots holding the parsed item itself. A Map of {text, data} wrappers made V8 see most wrappers outlive a
  // scavenge and allocate them straight into the old generation: an export reading every item left old garbage
  // in proportion to the task. Kept this way, its heap stays flat.
  private readonly keptItems: (FileItem | undefined)[] = new Array(KEPT).fill(undefined);
  private readonly keptData: Record<string, unknown>[] = new Array(KEPT).fill(undefined);

  private fd = -1;
  private idle: NodeJS.Timeout | undefined;
  private readonly blocks = new FileBlocks((buf, at, length) => this.fill(buf, at, length), BLOCK, BLOCKS, BLOCK_FRESH);

  constructor(
    readonly path: string,
    private readonly keys: ItemKeys,
  ) {}

  get textKey(): string {
    return this.keys.textKey;
  }

  /** The item as its line holds it now, checked to be the one loaded. */
  read(item: FileItem): Record<string, unknown> {
    const slot = item.line % KEPT;
    if (this.keptItems[slot] === item) return this.keptData[slot];
    const line = this.lineText(item.at, item.bytes);
    let data: unknown;
    try {
      data = line === undefined ? undefined : JSON.parse(line);
    } catch {
      data = undefined;
    }
    const fields = data && typeof data === 'object' ? (data as Record<string, unknown>) : {};
    // an item without the text field was loaded with an empty text
    const text = itemText(fields, this.keys.textKey) ?? '';
    if (String(fields[this.keys.idKey]) !== item.id || typeof text !== 'string' || text.length !== item.textLength) {
      throw new DataFileChanged(
        `${this.path}:${item.line}: the file changed since the server started (this line held instance "${item.id}"); restart the server to read it again`,
      );
    }
    this.keys.derive?.(fields);
    this.keptItems[slot] = item;
    this.keptData[slot] = fields;
    return fields;
  }

  /**
   * The `bytes` at `at` as text, from a block read just now or with a pread of their own; undefined past the end of the
   * file.
   */
  private lineText(at: number, bytes: number): string | undefined {
    const start = at - (at % BLOCK);
    if (at + bytes > start + BLOCK) {
      const buf = Buffer.allocUnsafe(bytes);
      return this.fill(buf, at, bytes) === bytes ? buf.toString('utf8') : undefined;
    }
    const slot = this.blocks.slotOf(at);
    const from = at - start;
    return from + bytes > this.blocks.bytes(slot)
      ? undefined
      : this.blocks.buffer(slot).toString('utf8', from, from + bytes);
  }

  /** Reads `length` bytes at `position` into `buf`, or up to the end of the file; the bytes read. */
  private fill(buf: Buffer, position: number, length: number): number {
    const fd = this.open();
    let got = 0;
    while (got < length) {
      const n = readSync(fd, buf, got, length - got, position + got);
      if (n === 0) break;
      got += n;
    }
    return got;
  }

  private open(): number {
    if (this.fd < 0) {
      try {
        this.fd = openSync(this.path, 'r');
      } catch (e) {
        throw new DataFileChanged(
          `${this.path}: cannot be read any more (${(e as NodeJS.ErrnoException).code}); was it moved since the server started? Put it back or restart the server`,
        );
      }
      this.idle = setTimeout(() => this.close(), IDLE_CLOSE).unref();
    } else this.idle!.refresh();
    return this.fd;
  }

  private close(): void {
    if (this.fd < 0) return;
    closeSync(this.fd);
    this.fd = -1;
    this.blocks.forget();
  }
}

export class FileItem implements Instance {
  constructor(
    readonly id: string,
    readonly textLength: number,
    private readonly file: ItemFile,
    /** where its line starts in the file, and its length, in bytes */
    readonly at: number,
    readonly bytes: number,
    /** its line number, from 1 */
    readonly line: number,
  ) {}

  get text(): string {
    return itemText(this.file.read(this), this.file.textKey) ?? '';
  }

  get data(): Record<string, unknown> {
    return this.file.read(this);
  }
}
