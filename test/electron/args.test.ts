import { describe, expect, it } from 'vitest';
import { join, resolve } from 'node:path';
import { isProjectFile, parseLaunchArgs, secondInstanceHandoff } from '../../electron/args.js';

const CWD = resolve('/home/ana/projects');

describe('parseLaunchArgs', () => {
  it('finds a project file in a packaged launch (a double-click in the file manager)', () => {
    expect(parseLaunchArgs(['/opt/Marginalia/marginalia', '/home/ana/reviews/config.yaml'], CWD)).toEqual({
      projectFile: '/home/ana/reviews/config.yaml',
      lan: false,
    });
  });

  it('skips the app path of a development launch (`electron . project.yml`) and resolves a relative project', () => {
    expect(parseLaunchArgs(['/usr/lib/electron/electron', '.', 'study/task.YML'], CWD)).toEqual({
      projectFile: join(CWD, 'study/task.YML'),
      lan: false,
    });
  });

  it('ignores switches Chromium and macOS add, wherever they are, and reads --lan', () => {
    const argv = [
      '/Applications/Marginalia.app/Contents/MacOS/Marginalia',
      '--allow-file-access-from-files',
      '-psn_0_1234',
      '--lan',
      '--original-process-start-time=1',
      'a.yaml',
    ];
    expect(parseLaunchArgs(argv, CWD)).toEqual({ projectFile: join(CWD, 'a.yaml'), lan: true });
  });

  it('takes the first project when given several, and nothing that is not YAML', () => {
    expect(parseLaunchArgs(['app', 'notes.txt', 'one.yaml', 'two.yaml'], CWD).projectFile).toBe(join(CWD, 'one.yaml'));
    expect(parseLaunchArgs(['app', 'data.jsonl', 'config.yaml.bak', '--config=x.yaml'], CWD)).toEqual({
      projectFile: undefined,
      lan: false,
    });
    expect(parseLaunchArgs([], CWD)).toEqual({ projectFile: undefined, lan: false });
  });

  it('does not take the executable itself for a project, even when its name ends in .yml', () => {
    expect(parseLaunchArgs(['/weird/path/app.yml'], CWD).projectFile).toBeUndefined();
  });

  it('knows project files by extension, any case', () => {
    expect(['a.yaml', 'A.YAML', 'b.yml', 'c.Yml'].every(isProjectFile)).toBe(true);
    expect(['a.json', 'yaml', 'a.yaml.txt', 'a.yamll'].some(isProjectFile)).toBe(false);
  });
});

describe('secondInstanceHandoff', () => {
  it('opens the project a second launch names, resolved against that launch’s folder', () => {
    expect(
      secondInstanceHandoff(['marginalia', '--allow-file-access-from-files', 'lab/config.yaml'], '/srv/work'),
    ).toEqual({ kind: 'open', file: resolve('/srv/work', 'lab/config.yaml') });
  });

  it('only brings the window forward when the second launch names no project', () => {
    expect(secondInstanceHandoff(['marginalia'], CWD)).toEqual({ kind: 'focus' });
    expect(secondInstanceHandoff(['marginalia', '--lan'], CWD)).toEqual({ kind: 'focus' });
  });
});
