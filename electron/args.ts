/**
 * What a launch asks for, from its command line: a project file to open (the file manager passes it when the
 * user double-clicks a .yaml project) and `--lan`. The same parsing serves the first launch and a second launch
 * whose arguments the single-instance lock hands to the running app.
 *
 * Arguments are found by shape, not position: the executable comes first, `electron .` adds the app path in
 * development, and Chromium and macOS add switches of their own (`--allow-file-access-from-files`, `-psn_0_1234`)
 * in places that vary, so every switch but ours is ignored and a project is any argument ending in .yaml/.yml.
 */
import { isAbsolute, resolve } from 'node:path';

export interface LaunchArgs {
  /** absolute path of the project file to open, if one was given */
  projectFile?: string;
  /** listen on the local network from the start */
  lan: boolean;
}

const PROJECT_FILE = /\.ya?ml$/i;

export function isProjectFile(path: string): boolean {
  return PROJECT_FILE.test(path);
}

export function parseLaunchArgs(argv: readonly string[], cwd: string): LaunchArgs {
  let projectFile: string | undefined;
  let lan = false;
  for (const arg of argv.slice(1)) {
    if (arg === '--lan') lan = true;
    else if (arg.startsWith('-')) continue;
    else if (!projectFile && isProjectFile(arg)) projectFile = isAbsolute(arg) ? arg : resolve(cwd, arg);
  }
  return { projectFile, lan };
}

/** What the running app does when a second launch hands over its arguments. */
export type Handoff = { kind: 'focus' } | { kind: 'open'; file: string };

export function secondInstanceHandoff(argv: readonly string[], cwd: string): Handoff {
  const { projectFile } = parseLaunchArgs(argv, cwd);
  return projectFile ? { kind: 'open', file: projectFile } : { kind: 'focus' };
}
