import { describe, expect, it } from 'vitest';
import { orderByDuration } from './duration-sequencer.js';

const spec = (project: string, path: string) => ({
  moduleId: `/repo/${path}`,
  project: { name: project, config: { root: '/repo' } },
});

describe('the test files order', () => {
  it('runs the project with the longest files first, each longest first, and ends on the shortest', () => {
    const files = [
      spec('main', 'test/a.test.ts'),
      spec('main', 'test/b.test.ts'),
      spec('browser', 'test/renderer/x.test.ts'),
      spec('browser', 'test/renderer/y.test.ts'),
      spec('postgres', 'test/a.test.ts'),
    ];
    const order = orderByDuration(files, {
      'main:test/a.test.ts': 1,
      'main:test/b.test.ts': 3,
      'browser:test/renderer/x.test.ts': 10,
      'browser:test/renderer/y.test.ts': 40,
      'postgres:test/a.test.ts': 5,
    });
    expect(order.map((f) => `${f.project.name}:${f.moduleId.slice(6)}`)).toEqual([
      'browser:test/renderer/y.test.ts',
      'browser:test/renderer/x.test.ts',
      'postgres:test/a.test.ts',
      'main:test/b.test.ts',
      'main:test/a.test.ts',
    ]);
  });

  it("counts a file not yet measured as its project's mean, and a project with none measured as 1 s", () => {
    const order = orderByDuration(
      [spec('main', 'test/new.test.ts'), spec('main', 'test/a.test.ts'), spec('main', 'test/b.test.ts')],
      { 'main:test/a.test.ts': 2, 'main:test/b.test.ts': 10 },
    );
    expect(order.map((f) => f.moduleId)).toEqual([
      '/repo/test/b.test.ts',
      '/repo/test/new.test.ts',
      '/repo/test/a.test.ts',
    ]);
    const fresh = orderByDuration([spec('other', 'test/z.test.ts'), spec('main', 'test/a.test.ts')], {
      'main:test/a.test.ts': 0.5,
    });
    expect(fresh.map((f) => f.project.name)).toEqual(['other', 'main']);
  });
});
