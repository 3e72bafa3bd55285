import { describe, expect, it } from 'vitest';
import { basename, join, resolve } from 'node:path';
import { dataFolderFor } from '../../electron/data-folder.js';

const USER_DATA = resolve('/home/ana/.config/Marginalia');

describe('dataFolderFor', () => {
  it('uses the folder the project names, relative to its config, as the CLI does', () => {
    expect(
      dataFolderFor(
        { configFile: '/lab/reviews/config.yaml', outputAnnotationDir: 'annotation_output/', bundled: false },
        USER_DATA,
      ),
    ).toEqual({
      dir: resolve('/lab/reviews/annotation_output'),
      chosenBy: 'project',
    });
    expect(
      dataFolderFor(
        { configFile: '/lab/reviews/config.yaml', outputAnnotationDir: '/data/reviews', bundled: false },
        USER_DATA,
      ).dir,
    ).toBe(resolve('/data/reviews'));
  });

  it('puts a project that names no folder under the user-data folder, one folder per project', () => {
    const a = dataFolderFor({ configFile: '/lab/reviews/config.yaml', bundled: false }, USER_DATA);
    expect(a.chosenBy).toBe('app');
    expect(a.dir.startsWith(join(USER_DATA, 'projects', 'reviews-'))).toBe(true);
    // the same project always gets the same folder
    expect(
      dataFolderFor({ configFile: '/lab/reviews/./config.yaml', outputAnnotationDir: '  ', bundled: false }, USER_DATA),
    ).toEqual(a);
    // another project with the same folder name does not share it
    expect(dataFolderFor({ configFile: '/other/reviews/config.yaml', bundled: false }, USER_DATA).dir).not.toBe(a.dir);
    expect(dataFolderFor({ configFile: '/lab/reviews/second.yaml', bundled: false }, USER_DATA).dir).not.toBe(a.dir);
  });

  it('keeps the bundled example under the user-data folder whatever its config says, at a path that survives updates', () => {
    const before = dataFolderFor(
      {
        configFile: '/tmp/.mount_Marg1a/resources/examples/product-reviews/config.yaml',
        outputAnnotationDir: 'annotation_output/',
        bundled: true,
      },
      USER_DATA,
    );
    const after = dataFolderFor(
      {
        configFile: '/tmp/.mount_Marg9z/resources/examples/product-reviews/config.yaml',
        outputAnnotationDir: 'annotation_output/',
        bundled: true,
      },
      USER_DATA,
    );
    expect(before).toEqual({ dir: join(USER_DATA, 'projects', 'example'), chosenBy: 'app' });
    expect(after).toEqual(before);
  });
});

describe('the folder named after the project', () => {
  const projectKey = (configFile: string) => basename(dataFolderFor({ configFile, bundled: false }, USER_DATA).dir);

  it('is a safe file name even for odd folder names', () => {
    for (const file of [
      '/x/Études été/config.yaml',
      '/x/../config.yaml',
      '/config.yaml',
      '/x/..../c.yaml',
      '/x/a:b*c?"<>|/c.yaml',
    ]) {
      const key = projectKey(file);
      expect(key, file).toMatch(/^[A-Za-z0-9][A-Za-z0-9._-]*-[0-9a-f]{10}$/);
    }
    expect(projectKey('/x/Études été/config.yaml')).toMatch(/^Etudes-ete-/);
  });
});
