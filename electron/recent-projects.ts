/**
 * The "Open Recent" list: most recent first, each project once, at most ten, kept in `recent-projects.json`
 * in the user-data folder. The list logic is pure; `RecentProjects` adds the file.
 */
import { StateFile } from './state-file.js';

const MAX_RECENT = 10;

export interface RecentProject {
  /** absolute path of the project's YAML config */
  file: string;
  /** the project's annotation_task_name when it was last opened */
  name: string;
  opened_at: string;
}

/** Case-insensitive file systems (Windows, macOS by default) name one file several ways. */
function sameFile(a: string, b: string, caseInsensitive: boolean): boolean {
  return caseInsensitive ? a.toLowerCase() === b.toLowerCase() : a === b;
}

function addRecent(list: readonly RecentProject[], entry: RecentProject, caseInsensitive = false): RecentProject[] {
  return [entry, ...list.filter((p) => !sameFile(p.file, entry.file, caseInsensitive))].slice(0, MAX_RECENT);
}

function removeRecent(list: readonly RecentProject[], file: string, caseInsensitive = false): RecentProject[] {
  return list.filter((p) => !sameFile(p.file, file, caseInsensitive));
}

/** Keeps the well-formed entries of whatever was on disk. */
function parseRecent(json: unknown): RecentProject[] {
  if (!Array.isArray(json)) return [];
  const valid = json.filter(
    (p): p is RecentProject =>
      !!p &&
      typeof p === 'object' &&
      typeof p.file === 'string' &&
      p.file !== '' &&
      typeof p.name === 'string' &&
      typeof p.opened_at === 'string',
  );
  return valid.map(({ file, name, opened_at }) => ({ file, name, opened_at })).slice(0, MAX_RECENT);
}

export class RecentProjects {
  private readonly state: StateFile<RecentProject[]>;
  private list: RecentProject[] = [];

  private constructor(
    file: string,
    private readonly caseInsensitive: boolean,
  ) {
    this.state = new StateFile(file, parseRecent);
  }

  static async open(
    file: string,
    caseInsensitive = process.platform === 'win32' || process.platform === 'darwin',
  ): Promise<RecentProjects> {
    const recent = new RecentProjects(file, caseInsensitive);
    recent.list = await recent.state.read();
    return recent;
  }

  get entries(): readonly RecentProject[] {
    return this.list;
  }

  async add(file: string, name: string, at = new Date()): Promise<void> {
    this.list = addRecent(this.list, { file, name, opened_at: at.toISOString() }, this.caseInsensitive);
    await this.state.write(this.list);
  }

  async remove(file: string): Promise<void> {
    this.list = removeRecent(this.list, file, this.caseInsensitive);
    await this.state.write(this.list);
  }

  async clear(): Promise<void> {
    this.list = [];
    await this.state.write(this.list);
  }
}
