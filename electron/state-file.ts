/**
 * The app's small JSON files in its user-data folder (recent projects, window position), through lowdb's JSONFile:
 * steno writes a temporary file and renames it over the old one, one write at a time with the last call winning,
 * so a crash leaves the old file or the new one. Read leniently, because a file that is missing, unreadable or
 * edited by hand must never stop the app from starting.
 */
import { mkdir } from 'node:fs/promises';
import { dirname } from 'node:path';
import { JSONFile } from 'lowdb/node';

export class StateFile<T> {
  private readonly adapter: JSONFile<T>;
  private folder: Promise<unknown> | undefined;

  constructor(
    readonly file: string,
    /** turns whatever JSON is on disk into a valid value, dropping what is not */
    private readonly parse: (json: unknown) => T,
  ) {
    this.adapter = new JSONFile<T>(file);
  }

  async read(): Promise<T> {
    let json: unknown;
    try {
      json = await this.adapter.read();
    } catch {
      json = undefined;
    }
    return this.parse(json ?? undefined);
  }

  /**
   * Writes in call order (the last call wins), never two at once. Every write waits on the one folder promise, whose
   * reactions run in the order they were added: a mkdir per write could finish out of order and let an older value
   * be written last.
   */
  async write(value: T): Promise<void> {
    this.folder ??= mkdir(dirname(this.file), { recursive: true }).catch((err: unknown) => {
      this.folder = undefined; // try again on the next write
      throw err;
    });
    await this.folder;
    await this.adapter.write(value);
  }
}
