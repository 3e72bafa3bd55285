/** span_link configs: its keys loaded and completed, bad ones refused naming the key and the reason. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../../server/config/load.js';
import { writeProject } from '../../../helpers/project.js';

const ENTITIES = { annotation_type: 'span', name: 'entities', labels: ['PERSON', 'ORG'] };
const load = (...schemes: Record<string, unknown>[]) =>
  loadConfig(writeProject({ config: { annotation_schemes: schemes } }), {});
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
    [[ENTITIES, link({ span_schema: 'entities' })], /annotation_schemes\[1\]\.link_types: .*expected array/],
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
  ])('refuses a bad config naming the key: %#', (schemes, message) => {
    expect(() => load(...schemes)).toThrow(message);
  });
});
