import { describe, expect, it } from 'vitest';
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { RecentProjects, type RecentProject } from '../../electron/recent-projects.js';
import { tempDir } from '../helpers/temp-dir.js';

const entry = (file: string, name = file): RecentProject => ({ file, name, opened_at: '2026-11-22T10:00:00.000Z' });
const open = (caseInsensitive = false) =>
  RecentProjects.open(join(tempDir('marginalia-userdata-'), 'recent-projects.json'), caseInsensitive);
const files = (recent: RecentProjects) => recent.entries.map((p) => p.file);

describe('recent-projects list', () => {
  it('puts the newest first, lists each project once and keeps ten', async () => {
    const recent = await open();
    for (let i = 0; i < 12; i++) await recent.add(`/p/${i}.yaml`, `P${i}`);
    expect(recent.entries).toHaveLength(10);
    expect(files(recent)[0]).toBe('/p/11.yaml');
    expect(files(recent).at(-1)).toBe('/p/2.yaml');
    await recent.add('/p/5.yaml', 'renamed');
    expect(files(recent).filter((f) => f === '/p/5.yaml')).toHaveLength(1);
    expect(recent.entries[0]).toMatchObject({ file: '/p/5.yaml', name: 'renamed' });
    await recent.remove('/p/5.yaml');
    expect(files(recent)).not.toContain('/p/5.yaml');
  });

  it('treats differently cased paths as one file where the file system does', async () => {
    const insensitive = await open(true);
    await insensitive.add('C:\\Lab\\config.yaml', 'Lab');
    await insensitive.add('c:\\lab\\CONFIG.yaml', 'Lab');
    expect(insensitive.entries).toHaveLength(1);
    await insensitive.remove('C:\\LAB\\config.yaml');
    expect(insensitive.entries).toEqual([]);
    const sensitive = await open(false);
    await sensitive.add('/Lab/config.yaml', 'Lab');
    await sensitive.add('/lab/config.yaml', 'lab');
    expect(sensitive.entries).toHaveLength(2);
  });

  it('keeps the good entries of a damaged or hand-edited file and drops the rest', async () => {
    const read = async (json: unknown) => {
      const file = join(tempDir('marginalia-userdata-'), 'recent-projects.json');
      writeFileSync(file, JSON.stringify(json) ?? '');
      return (await RecentProjects.open(file, false)).entries;
    };
    expect(await read(undefined)).toEqual([]);
    expect(await read({ file: '/a.yaml' })).toEqual([]);
    expect(
      await read([
        entry('/a.yaml'),
        null,
        3,
        { file: '', name: 'x', opened_at: 'y' },
        { file: '/b.yaml', name: 7, opened_at: 'y' },
        { ...entry('/c.yaml'), extra: 'dropped' },
      ]),
    ).toEqual([entry('/a.yaml'), entry('/c.yaml')]);
    expect(await read(Array.from({ length: 12 }, (_, i) => entry(`/p/${i}.yaml`)))).toHaveLength(10);
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
