/** Where a file named in a config is looked for. */
import { existsSync, realpathSync } from 'node:fs';
import { basename, isAbsolute, resolve, sep } from 'node:path';

/**
 * Finds a file named in the config: relative to task_dir, then the config's folder, then its parent (Potato's layout).
 */
export function locate(name: string, dir: string, taskDir: string | undefined): string {
  if (isAbsolute(name)) return name;
  const candidates = [
    taskDir ? resolve(dir, taskDir, name) : undefined,
    resolve(dir, name),
    resolve(dir, '..', name),
  ].filter(Boolean) as string[];
  return candidates.find((c) => existsSync(c)) ?? candidates[0];
}

/** Where media named by a relative path are looked for: task folder, config folder, then Potato's media_directory. */
export function mediaRoots(dir: string, taskDir: string | undefined, mediaDirectory: unknown): string[] {
  const tasks = resolve(dir, taskDir ?? '.');
  return [tasks, dir, ...(typeof mediaDirectory === 'string' ? [resolve(tasks, mediaDirectory)] : [])];
}

/**
 * The folders a project's own files lie in: the task folder, the config's folder and, for Potato's layout of a
 * project with its configs in `configs/`, the project folder above it.
 */
export function projectFolders(dir: string, taskDir: string | undefined): string[] {
  const folders = [resolve(dir, taskDir ?? '.'), dir];
  if (basename(dir) === 'configs') folders.push(resolve(dir, '..'));
  return [...new Set(folders)];
}

/** Whether a file's real location (links followed) lies in one of `folders`, as Potato keeps its data files. */
export function insideFolders(path: string, folders: readonly string[]): boolean {
  const real = (p: string) => {
    try {
      return realpathSync(p);
    } catch {
      return resolve(p);
    }
  };
  const file = real(path);
  return folders.some((folder) => {
    const root = real(folder);
    return file.startsWith(root.endsWith(sep) ? root : root + sep);
  });
}
