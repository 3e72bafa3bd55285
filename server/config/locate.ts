/** Where a file named in a config is looked for. */
import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';

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
