/**
 * Per-cohort schemes resolved at load: a set's name, a list of global names, inline schemes and a mix become each
 * cohort's list; inline schemes join the project's; every refusal names its key.
 */
import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../../server/config/config-error.js';
import { readCohortSchemes, type CohortGroup } from '../../../server/config/cohort-schemes.js';
import { normalizeSchemes } from '../../../server/config/normalize-schemes.js';
import { loadConfig } from '../../../server/config/load.js';
import { sampleItems, writeProject } from '../../helpers/project.js';

const GLOBAL = normalizeSchemes(
  [
    { annotation_type: 'radio', name: 'sentiment', labels: [{ name: 'pos' }, { name: 'neg' }] },
    { annotation_type: 'radio', name: 'topic', labels: [{ name: 'a' }, { name: 'b' }] },
    { annotation_type: 'radio', name: 'quality', labels: [{ name: 'good' }, { name: 'bad' }] },
  ],
  'task.yaml',
  () => {},
);

function read(schemeSets: unknown, groups: CohortGroup[], shownToAll = []) {
  const warnings: string[] = [];
  const result = readCohortSchemes({
    schemeSets,
    groups,
    groupsAt: 'batch_assignment.groups',
    global: GLOBAL,
    shownToAll,
    taken: new Set(GLOBAL.map((s) => s.name)),
    path: 'task.yaml',
    warn: (m) => warnings.push(m),
  });
  return { ...result, warnings };
}

const names = (schemes: readonly { name: string }[] | undefined) => schemes?.map((s) => s.name);

function refusal(schemeSets: unknown, groups: CohortGroup[]): string {
  try {
    read(schemeSets, groups);
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigError);
    return (e as Error).message;
  }
  throw new Error('expected a refusal');
}

describe('per-cohort schemes', () => {
  it('resolves a set name, a list of global names, and leaves a group without schemes to the global list', () => {
    const { views, added } = read({ minimal: ['sentiment'] }, [
      { name: 'cohortA', schemes: 'minimal' },
      { name: 'cohortB', schemes: ['sentiment', 'topic'] },
      { name: 'cohortC' },
    ]);
    expect(names(views?.byCohort.get('cohortA'))).toEqual(['sentiment']);
    expect(names(views?.byCohort.get('cohortB'))).toEqual(['sentiment', 'topic']);
    expect(views?.byCohort.has('cohortC')).toBe(false);
    expect(names(views?.global)).toEqual(['sentiment', 'topic', 'quality']);
    expect(added).toEqual([]);
    // a cohort's schemes are the global scheme objects themselves, not copies
    expect(views?.byCohort.get('cohortA')?.[0]).toBe(GLOBAL[0]);
  });

  it('reads an inline scheme as an annotation_schemes entry and adds it to the project once', () => {
    const adhoc = { annotation_type: 'text', name: 'adhoc', description: 'Why?' };
    const { views, added } = read({ extra: ['topic', adhoc] }, [
      { name: 'cohortA', schemes: ['sentiment', adhoc] },
      { name: 'cohortB', schemes: 'extra' },
    ]);
    expect(names(views?.byCohort.get('cohortA'))).toEqual(['sentiment', 'adhoc']);
    expect(names(views?.byCohort.get('cohortB'))).toEqual(['topic', 'adhoc']);
    expect(names(added)).toEqual(['adhoc']);
    expect(added[0]).toMatchObject({ annotation_type: 'text', description: 'Why?' });
    expect(views?.byCohort.get('cohortA')?.[1]).toBe(views?.byCohort.get('cohortB')?.[1]);
  });

  it('gives schemes the display makes to every cohort', () => {
    const [speakers] = normalizeSchemes(
      [{ annotation_type: 'radio', name: 'turns_speakers', labels: [{ name: 'A' }] }],
      'task.yaml',
      () => {},
    );
    const { views } = read(undefined, [{ name: 'cohortA', schemes: ['sentiment'] }], [speakers] as never);
    expect(names(views?.byCohort.get('cohortA'))).toEqual(['sentiment', 'turns_speakers']);
  });

  it('makes no views when no group binds schemes, and warns about a set nobody uses', () => {
    const { views, warnings } = read({ unused: ['topic'] }, [{ name: 'cohortA' }]);
    expect(views).toBeUndefined();
    expect(warnings).toEqual(['scheme_sets.unused is not acted on: no batch_assignment group names it in schemes']);
  });

  it('refuses each bad binding naming its key', () => {
    expect(refusal(undefined, [{ name: 'a' }, { name: 'b', schemes: ['sentiment', 'nope'] }])).toBe(
      'task.yaml: batch_assignment.groups[1].schemes[1]: no scheme "nope" among annotation_schemes (sentiment, topic, quality)',
    );
    expect(refusal({ minimal: ['sentiment'] }, [{ name: 'a', schemes: 'maximal' }])).toMatch(
      /batch_assignment\.groups\[0\]\.schemes: no scheme set "maximal" in scheme_sets \(minimal\)/,
    );
    expect(refusal({ minimal: ['ghost'] }, [])).toMatch(/scheme_sets\.minimal\[0\]: no scheme "ghost"/);
    expect(refusal({ minimal: 'sentiment' }, [])).toMatch(/scheme_sets\.minimal: give a list/);
    expect(refusal(['sentiment'], [])).toMatch(/scheme_sets: give a mapping/);
    expect(refusal(undefined, [{ name: 'a', schemes: [] }])).toMatch(/groups\[0\]\.schemes: give a list/);
    expect(refusal(undefined, [{ name: 'a', schemes: 7 }])).toMatch(/groups\[0\]\.schemes: give a list/);
    expect(refusal(undefined, [{ name: 'a', schemes: ['topic', 'topic'] }])).toMatch(
      /groups\[0\]\.schemes\[1\]: "topic" is listed twice/,
    );
    expect(refusal(undefined, [{ name: 'a', schemes: [['x']] }])).toMatch(/groups\[0\]\.schemes\[0\]: give a scheme/);
  });

  it('refuses a malformed inline scheme naming its key', () => {
    expect(refusal(undefined, [{ name: 'a', schemes: [{ name: 'x' }] }])).toMatch(
      /batch_assignment\.groups\[0\]\.schemes\[0\]\.annotation_type: /,
    );
    expect(refusal(undefined, [{ name: 'a', schemes: [{ name: 'x', annotation_type: 'no_such' }] }])).toMatch(
      /batch_assignment\.groups\[0\]\.schemes\[0\]\.annotation_type: /,
    );
    expect(
      refusal({ s: [{ name: 'x', annotation_type: 'likert', size: 'big', min_label: 'a', max_label: 'b' }] }, []),
    ).toMatch(/scheme_sets\.s\[0\]\.size: /);
    expect(
      refusal(undefined, [
        {
          name: 'a',
          schemes: [
            {
              name: 'x',
              annotation_type: 'text',
              display_logic: { show_when: [{ schema: 'ghost', operator: 'equals', value: 'y' }] },
            },
          ],
        },
      ]),
    ).toMatch(/groups\[0\]\.schemes\[0\] \(x\)\.display_logic\.show_when\[0\]\.schema: no question is named "ghost"/);
  });

  it('refuses one name for two different schemes', () => {
    expect(refusal(undefined, [{ name: 'a', schemes: [{ name: 'sentiment', annotation_type: 'text' }] }])).toMatch(
      /groups\[0\]\.schemes\[0\]: a scheme named "sentiment" is in annotation_schemes/,
    );
    expect(
      refusal({ s: [{ name: 'x', annotation_type: 'text' }] }, [
        { name: 'a', schemes: [{ name: 'x', annotation_type: 'text', description: 'other' }] },
      ]),
    ).toMatch(/groups\[0\]\.schemes\[0\]: a scheme named "x" is defined differently at scheme_sets\.s\[0\]/);
  });
});

describe('per-cohort schemes in a loaded config', () => {
  const SCHEMES = [
    { annotation_type: 'radio', name: 'sentiment', labels: ['pos', 'neg'] },
    { annotation_type: 'radio', name: 'topic', labels: ['a', 'b'] },
  ];
  const load = (groups: unknown[], extra: Record<string, unknown> = {}) =>
    loadConfig(
      writeProject({
        items: sampleItems(2),
        config: {
          annotation_schemes: SCHEMES,
          assignment_strategy: 'batch',
          scheme_sets: { minimal: ['sentiment'] },
          batch_assignment: { groups },
          ...extra,
        },
      }),
      {},
    );
  const group = (name: string, schemes: unknown) => ({ name, annotators: [name], instances: ['item-1'], schemes });

  it("resolves the groups' bindings into the task, inline schemes joining its schemes", () => {
    const c = load([group('a', 'minimal'), group('b', ['topic', { annotation_type: 'text', name: 'why' }])], {
      task_layout: 'layout.html',
    });
    expect(names(c.task.schemes)).toEqual(['sentiment', 'topic', 'why']);
    expect(c.task.schemeByName.get('why')?.annotation_type).toBe('text');
    expect(names(c.task.cohortSchemes?.global)).toEqual(['sentiment', 'topic']);
    expect(names(c.task.cohortSchemes?.byCohort.get('a'))).toEqual(['sentiment']);
    expect(names(c.task.cohortSchemes?.byCohort.get('b'))).toEqual(['topic', 'why']);
    expect(c.warnings.filter((w) => /scheme_sets/.test(w))).toEqual([]);
    expect(c.warnings.some((w) => /task_layout with cohort schemes: each cohort's page shows its own/.test(w))).toBe(
      true,
    );
  });

  it('stops start-up naming the key of a bad binding', () => {
    expect(() => load([group('a', 'minimal'), group('b', ['tpoic'])])).toThrow(
      /batch_assignment\.groups\[1\]\.schemes\[0\]: no scheme "tpoic" among annotation_schemes \(sentiment, topic\)/,
    );
    expect(() => load([group('a', 'maximal')])).toThrow(
      /batch_assignment\.groups\[0\]\.schemes: no scheme set "maximal"/,
    );
    expect(() => load([group('a', [{ annotation_type: 'likert', name: 'l' }])])).toThrow(
      /batch_assignment\.groups\[0\]\.schemes\[0\] \(l\)\.size: a likert scheme needs a size/,
    );
  });
});
