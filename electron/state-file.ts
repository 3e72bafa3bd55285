/**
 * The app's small JSON files in its user-data folder (recent projects, window position). Written atomically
 * with the server's own writer, so a crash leaves the old file or the new one; read leniently, because a file
 * that is missing, unreadable or edited by hand must never stop the app from starting.
 */
import { mkdir, readFile } from 'node:fs/promises';
import { dirname } from 'node:path';
import { writeFileAtomic } from '../server/storage/atomic-file.js';

export class StateFile<T> {
  private queue: Promise<unknown> = Promise.resolve();

  constructor(
    readonly file: string,
    /** turns whatever JSON is on disk into a valid value, dropping what is not */
    private readonly parse: (json: unknown) => T,
  ) {}

  async read(): Promise<T> {
    let json: unknown;
    try {
      json = JSON.parse(await readFile(this.file, 'utf8'));
    } catch {
      json = undefined;
    }
    return this.parse(json);
  }

  /** Writes in call order (the last call wins), never two at once. */
  write(value: T): Promise<void> {
    const next = this.queue.then(async () => {
      await mkdir(dirname(this.file), { recursive: true });
      await writeFileAtomic(this.file, JSON.stringify(value, null, 2) + '\n', 0o644);
    });
    this.queue = next.catch(() => undefined);
    return next;
  }
}
