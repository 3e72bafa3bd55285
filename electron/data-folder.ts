/**
 * Where a project's data (annotations, sessions, keys) lives on this computer. A project that names its own
 * `output_annotation_dir` keeps its data there, as it does under the CLI and under Potato, so the desktop app and
 * `npm start` share it. Otherwise it goes to a folder of its own under the app's user-data folder, named after the
 * project folder plus a hash of the config's full path, so two projects with the same folder name never share
 * data. The bundled example (installed read-only inside the app) always uses `projects/example` there.
 */
import { createHash } from 'node:crypto';
import { basename, dirname, join, resolve } from 'node:path';

export interface ProjectLocation {
  /** absolute path of the project's YAML config */
  configFile: string;
  /** the config's `output_annotation_dir` as written, if it sets one */
  outputAnnotationDir?: string;
  /** the example shipped inside the app */
  bundled: boolean;
}

export interface DataFolder {
  dir: string;
  /** 'project': the config chose it; 'app': under the app's user-data folder */
  chosenBy: 'project' | 'app';
}

export function dataFolderFor(project: ProjectLocation, userDataDir: string): DataFolder {
  const configFile = resolve(project.configFile);
  if (!project.bundled && project.outputAnnotationDir?.trim()) {
    return { dir: resolve(dirname(configFile), project.outputAnnotationDir), chosenBy: 'project' };
  }
  // the example's own path changes with every update (and every run of an AppImage, mounted at a random path)
  const key = project.bundled ? 'example' : projectKey(configFile);
  return { dir: join(userDataDir, 'projects', key), chosenBy: 'app' };
}

/** `<folder name>-<10 hex of the path's hash>`, safe as a file name on every OS. */
function projectKey(configFile: string): string {
  const absolute = resolve(configFile);
  const name =
    basename(dirname(absolute))
      .normalize('NFKD')
      .replace(/\p{M}+/gu, '') // accents off: É → E
      .replace(/[^A-Za-z0-9._-]+/g, '-')
      .replace(/^[-.]+|-+$/g, '')
      .slice(0, 40) || 'project';
  const hash = createHash('sha256').update(absolute).digest('hex').slice(0, 10);
  return `${name}-${hash}`;
}
