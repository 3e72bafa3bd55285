import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  addRecent,
  MAX_RECENT,
  parseRecent,
  RecentProjects,
  removeRecent,
  type RecentProject,
} from '../../electron/recent-projects.js';
import { tempDir } from '../helpers/temp-dir.js';

const entry = (file: string, name = file): RecentProject => ({ file, name, opened_at: '2026-11-22T10:00:00.000Z' });

describe('recent-projects list', () => {
  it('puts the newest first, lists each project once and keeps ten', () => {
    let list: RecentProject[] = [];
    for (let i = 0; i < 12; i++) list = addRecent(list, entry(`/p/${i}.yaml`));
    expect(list).toHaveLength(MAX_RECENT);
    expect(list[0].file).toBe('/p/11.yaml');
    expect(list.at(-1)!.file).toBe('/p/2.yaml');
    list = addRecent(list, entry('/p/5.yaml', 'renamed'));
    expect(list.map((p) => p.file).filter((f) => f === '/p/5.yaml')).toHaveLength(1);
    expect(list[0]).toMatchObject({ file: '/p/5.yaml', name: 'renamed' });
    expect(removeRecent(list, '/p/5.yaml').some((p) => p.file === '/p/5.yaml')).toBe(false);
  });

  it('treats differently cased paths as one file where the file system does', () => {
    const list = addRecent([entry('C:\\Lab\\config.yaml')], entry('c:\\lab\\CONFIG.yaml'), true);
    expect(list).toHaveLength(1);
    expect(addRecent([entry('/Lab/config.yaml')], entry('/lab/config.yaml'), false)).toHaveLength(2);
    expect(removeRecent(list, 'C:\\LAB\\config.yaml', true)).toEqual([]);
  });

  it('keeps the good entries of a damaged or hand-edited file and drops the rest', () => {
    expect(parseRecent(undefined)).toEqual([]);
    expect(parseRecent({ file: '/a.yaml' })).toEqual([]);
    expect(
      parseRecent([
        entry('/a.yaml'),
        null,
        3,
        { file: '', name: 'x', opened_at: 'y' },
        { file: '/b.yaml', name: 7, opened_at: 'y' },
        { ...entry('/c.yaml'), extra: 'dropped' },
      ]),
    ).toEqual([entry('/a.yaml'), entry('/c.yaml')]);
  });
});

describe('RecentProjects on disk', () => {
  it('starts empty, remembers across reopening, and writes whole files only', async () => {
    const dir = join(tempDir('marginalia-userdata-'), 'not-yet-created');
    const file = join(dir, 'recent-projects.json');
    const first = await RecentProjects.open(file, false);
    expect(first.entries).toEqual([]);
    await first.add('/lab/a/config.yaml', 'Task A', new Date('2026-11-22T09:00:00Z'));
    await first.add('/lab/b/config.yaml', 'Task B', new Date('2026-11-22T10:00:00Z'));
    await first.add('/lab/a/config.yaml', 'Task A', new Date('2026-11-22T11:00:00Z'));

    const again = await RecentProjects.open(file, false);
    expect(again.entries).toEqual([
      { file: '/lab/a/config.yaml', name: 'Task A', opened_at: '2026-11-22T11:00:00.000Z' },
      { file: '/lab/b/config.yaml', name: 'Task B', opened_at: '2026-11-22T10:00:00.000Z' },
    ]);
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual(again.entries);
    expect(readdirSync(dir)).toEqual(['recent-projects.json']); // no temp files left behind

    await again.remove('/lab/b/config.yaml');
    expect((await RecentProjects.open(file, false)).entries.map((p) => p.file)).toEqual(['/lab/a/config.yaml']);
    await again.clear();
    expect((await RecentProjects.open(file, false)).entries).toEqual([]);
  });

  it('keeps concurrent additions in the order they were made', async () => {
    const file = join(tempDir('marginalia-userdata-'), 'recent-projects.json');
    const recent = await RecentProjects.open(file, false);
    await Promise.all(Array.from({ length: 8 }, (_, i) => recent.add(`/p/${i}.yaml`, `P${i}`)));
    const reread = await RecentProjects.open(file, false);
    expect(reread.entries.map((p) => p.file)).toEqual(Array.from({ length: 8 }, (_, i) => `/p/${7 - i}.yaml`));
  });

  it('opens with an empty list when the file is corrupt, and replaces it on the next change', async () => {
    const dir = tempDir('marginalia-userdata-');
    const file = join(dir, 'recent-projects.json');
    writeFileSync(file, '{"truncated": [');
    const recent = await RecentProjects.open(file, false);
    expect(recent.entries).toEqual([]);
    await recent.add('/lab/a.yaml', 'A');
    expect(JSON.parse(readFileSync(file, 'utf8'))).toHaveLength(1);
  });

  it('reports a place it cannot write (a file where its folder should be), keeping the list in memory', async () => {
    const blocker = join(tempDir('marginalia-userdata-'), 'Marginalia');
    writeFileSync(blocker, 'not a folder');
    const recent = await RecentProjects.open(join(blocker, 'recent-projects.json'), false);
    expect(recent.entries).toEqual([]);
    await expect(recent.add('/lab/a.yaml', 'A')).rejects.toThrow(/ENOTDIR|EEXIST/);
    expect(recent.entries.map((p) => p.file)).toEqual(['/lab/a.yaml']);
    // a failed write does not block the ones after it
    await expect(recent.add('/lab/b.yaml', 'B')).rejects.toThrow(/ENOTDIR|EEXIST/);
    expect(readFileSync(blocker, 'utf8')).toBe('not a folder');
  });
});
