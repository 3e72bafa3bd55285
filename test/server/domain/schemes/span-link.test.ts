/** span_link configs: its keys loaded and completed, bad ones refused naming the key and the reason. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config/load.js';
import { writeProject } from '../../../helpers/project.js';

const ENTITIES = { annotation_type: 'span', name: 'entities', labels: ['PERSON', 'ORG'] };
const EVENTS = { annotation_type: 'span', name: 'events', labels: ['EVENT'] };
const load = (...schemes: Record<string, unknown>[]) =>
  loadConfig(writeProject({ config: { annotation_schemes: schemes } }), {});
const warningsOf = (config: { warnings: string[] }) => config.warnings.filter((w) => w.includes('(relations)'));
const link = (keys: Record<string, unknown>) => ({ annotation_type: 'span_link', name: 'relations', ...keys });

describe('span_link config', () => {
  it('loads link types with their defaults; the link types are its labels', () => {
    const { task } = load(
      ENTITIES,
      link({
        span_schema: 'entities',
        link_types: [
          { name: 'WORKS_FOR', directed: 'True', allowed_source_labels: 'PERSON', color: '#ff0000' },
          { name: 'KNOWS', max_spans: '4' },
        ],
        visual_display: { enabled: true },
      }),
    );
    const scheme = task.schemeByName.get('relations')!;
    expect(scheme.labels).toEqual([{ name: 'WORKS_FOR', color: '#ff0000' }, { name: 'KNOWS' }]);
    expect(scheme.extra).toEqual({
      span_schema: 'entities',
      visual_display: { enabled: true },
      link_types: [
        { name: 'WORKS_FOR', directed: true, color: '#ff0000', allowed_source_labels: ['PERSON'], max_spans: 2 },
        { name: 'KNOWS', directed: false, max_spans: 4 },
      ],
    });
  });

  it('takes the only span scheme when span_schema is left out', () => {
    const { task } = load(link({ link_types: [{ name: 'R' }] }), ENTITIES);
    expect(task.schemeByName.get('relations')!.extra.span_schema).toBe('entities');
  });

  it.each([
    [
      [ENTITIES, link({ span_schema: 'entities', link_types: [] })],
      /annotation_schemes\[1\]\.link_types: give at least one link type/,
    ],
    [
      [ENTITIES, link({ span_schema: 'entities', link_types: [{ name: 'R' }, { name: 'R' }] })],
      /annotation_schemes\[1\] \(relations\)\.link_types\[1\]\.name: duplicate link type "R"/,
    ],
    [
      [ENTITIES, link({ span_schema: 'entities', link_types: [{ name: 'R', max_spans: 1 }] })],
      /annotation_schemes\[1\]\.link_types\[0\]\.max_spans: /,
    ],
    [
      [ENTITIES, link({ span_schema: 'people', link_types: [{ name: 'R' }] })],
      /annotation_schemes\[1\] \(relations\)\.span_schema: no scheme is named "people"/,
    ],
    [
      [
        { annotation_type: 'radio', name: 'kind', labels: ['a'] },
        ENTITIES,
        link({ span_schema: 'kind', link_types: [{ name: 'R' }] }),
      ],
      /\.span_schema: "kind" is not a span scheme \(its type is radio\)/,
    ],
    [
      [ENTITIES, { ...ENTITIES, name: 'more' }, link({ link_types: [{ name: 'R' }] })],
      /\.span_schema: name the span scheme whose spans it links \(the config has 2 span schemes\)/,
    ],
    [
      [ENTITIES, EVENTS, link({ span_schema: 'entities', target_scheme: 'events', labels: ['R'] })],
      /\(relations\)\.span_schema: "entities" differs from source_scheme \/ target_scheme \("events", "events"\)/,
    ],
    [
      [ENTITIES, link({ source_scheme: 'entities', target_scheme: 'times', labels: ['R'] })],
      /\(relations\)\.target_scheme: no scheme is named "times"/,
    ],
    [
      [
        ENTITIES,
        { annotation_type: 'radio', name: 'kind', labels: ['a'] },
        link({ source_scheme: 'kind', labels: ['R'] }),
      ],
      /\(relations\)\.source_scheme: "kind" is not a span scheme/,
    ],
  ])('refuses a bad config naming the key: %#', (schemes, message) => {
    expect(() => load(...schemes)).toThrow(message);
  });
});

describe('span_link as configs of published datasets write it', () => {
  it('takes plain labels as directed link types between two spans, keeping their tooltips, and says so', () => {
    const config = load(
      ENTITIES,
      link({
        labels: [{ name: 'works_for', tooltip: 'a person works for an organisation', color: '#123456' }, 'knows'],
      }),
    );
    const scheme = config.task.schemeByName.get('relations')!;
    expect(scheme.labels).toEqual([
      { name: 'works_for', tooltip: 'a person works for an organisation', color: '#123456' },
      { name: 'knows' },
    ]);
    expect(scheme.extra).toEqual({
      span_schema: 'entities',
      link_types: [
        { name: 'works_for', directed: true, color: '#123456', max_spans: 2 },
        { name: 'knows', directed: true, max_spans: 2 },
      ],
    });
    expect(warningsOf(config)).toEqual([
      expect.stringMatching(
        /annotation_schemes\[1\] \(relations\)\.labels are taken as link types, each directed from the first span picked to the second; give link_types/,
      ),
    ]);
  });

  it('reads source_scheme and target_scheme naming one span scheme as its span_schema', () => {
    const config = load(
      ENTITIES,
      EVENTS,
      link({ source_scheme: 'events', target_scheme: 'events', labels: ['Coreference'] }),
    );
    expect(config.task.schemeByName.get('relations')!.extra).toMatchObject({
      span_schema: 'events',
      source_scheme: 'events',
      target_scheme: 'events',
    });
    // one of them stands for both
    expect(
      load(ENTITIES, EVENTS, link({ target_scheme: 'events', labels: ['R'] })).task.schemes[2].extra,
    ).toMatchObject({
      span_schema: 'events',
    });
  });

  it('links a source_scheme span to a target_scheme span when they differ', () => {
    const scheme = load(ENTITIES, EVENTS, link({ source_scheme: 'entities', target_scheme: 'events', labels: ['R'] }))
      .task.schemes[2];
    expect(scheme.extra.span_schema).toBeUndefined();
    expect(scheme.extra).toMatchObject({ source_scheme: 'entities', target_scheme: 'events' });
  });

  it('loads with neither link_types nor labels, warning that nothing can be linked', () => {
    const config = load(ENTITIES, link({}));
    expect(config.task.schemes[1].extra.link_types).toEqual([]);
    expect(warningsOf(config)).toEqual([
      expect.stringMatching(/\(relations\)\.link_types: none given \(nor labels\), so no link can be made/),
    ]);
  });

  it('warns that labels given beside link_types are not used', () => {
    const config = load(ENTITIES, link({ labels: ['x'], link_types: [{ name: 'R' }] }));
    expect(config.task.schemes[1].labels).toEqual([{ name: 'R' }]);
    expect(warningsOf(config)).toEqual([
      expect.stringMatching(/\(relations\)\.labels are not used: the link types are those of link_types/),
    ]);
  });
});
