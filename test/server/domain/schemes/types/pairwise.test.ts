import { describe, expect, it } from 'vitest';
import { csvOf, jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const BINARY = {
  annotation_type: 'pairwise',
  name: 'better',
  description: 'Which is better?',
  items_key: 'pair',
  labels: ['Left', 'Right'],
  allow_tie: true,
  tie_label: 'Same',
};
const SCALE = {
  annotation_type: 'pairwise',
  name: 'how_much',
  mode: 'scale',
  items_key: 'pair',
  scale: { min: -2, max: 2, step: 1, default: 0, labels: { min: 'Left much better' } },
};
const DIMS = {
  annotation_type: 'pairwise',
  name: 'dims',
  mode: 'multi_dimension',
  items_key: 'pair',
  dimensions: [{ name: 'fluency' }, { name: 'accuracy', allow_tie: true }],
  justification: { reason_categories: ['shorter', 'clearer'] },
};
const ITEMS = [
  { id: 'p1', text: 'Compare these', pair: ['a cat sat', 'the cat sat'] },
  { id: 'p2', text: 'And these', pair: ['one', 'two'] },
];

describe('pairwise', () => {
  it('loads each mode with its fields and display keys', () => {
    const b = loadScheme(BINARY);
    expect(b.labels).toEqual([{ name: 'selection' }]);
    expect(b.extra).toMatchObject({
      mode: 'binary',
      item_labels: ['Left', 'Right'],
      items_key: 'pair',
      dimensions: [{ name: 'selection', allow_tie: true, tie_label: 'Same' }],
    });
    const s = loadScheme(SCALE);
    expect(s.labels).toEqual([{ name: 'scale_value' }]);
    expect(s.extra).toMatchObject({
      mode: 'scale',
      scale: { min: -2, max: 2, labels: { min: 'Left much better', max: 'B is better', center: 'Equal' } },
    });
    expect(loadScheme(DIMS).labels).toEqual([{ name: 'fluency' }, { name: 'accuracy' }, { name: 'justification' }]);
  });

  it('refuses bad configs naming the key and the reason', () => {
    expect(refusal({ ...BINARY, labels: ['only one'] })).toMatch(
      /\(better\)\.labels: pairwise compares two items: give two labels/,
    );
    expect(refusal({ ...BINARY, mode: 'triple' })).toMatch(/annotation_schemes\[0\]\.mode: /);
    expect(refusal({ ...SCALE, scale: { min: 3, max: 1 } })).toMatch(
      /\(how_much\)\.scale: min \(3\) must be below max \(1\)/,
    );
    expect(refusal({ ...SCALE, scale: { default: 9 } })).toMatch(/\.scale\.default: 9 is outside -3\.\.3/);
    expect(refusal({ ...DIMS, dimensions: [] })).toMatch(
      /\.dimensions: multi_dimension mode needs a list of dimensions/,
    );
  });

  it('stores binary, scale and per-dimension answers, refuses bad ones, and round-trips its exports', async () => {
    const schemes = [BINARY, SCALE, DIMS];
    const t = await serve(schemes, ITEMS);
    const justification = JSON.stringify({ reasons: ['clearer'], rationale: 'reads better' });
    const sent = {
      'better:selection': 'tie',
      'how_much:scale_value': '-1',
      'dims:fluency': 'B',
      'dims:accuracy': 'tie',
      'dims:justification': justification,
    };
    expect((await submitAndRead(t, 'ann', 'p1', sent)).annotations).toEqual(sent);
    await submitAndRead(t, 'bob', 'p1', { 'better:selection': 'A', 'how_much:scale_value': '2' });

    expect(await refusedAnswer(t, 'p1', { 'better:selection': 'C' })).toBe(
      'annotations["better:selection"]: "C" is not a choice: give A or B or tie',
    );
    expect(await refusedAnswer(t, 'p1', { 'dims:fluency': 'tie' })).toBe(
      'annotations["dims:fluency"]: "tie" is not a choice: give A or B (this scheme has no tie)',
    );
    expect(await refusedAnswer(t, 'p1', { 'how_much:scale_value': '5' })).toBe(
      'annotations["how_much:scale_value"]: 5 is outside the scale -2..2',
    );
    expect(await refusedAnswer(t, 'p1', { 'dims:justification': '{"reasons":["longer"]}' })).toMatch(
      /justification\.reasons must be some of: shorter, clearer/,
    );

    const lines = await jsonlRoundTrip(t, schemes, ITEMS);
    expect(lines[0].labels).toEqual({
      better: 'tie',
      how_much: -1,
      dims: { fluency: 'B', accuracy: 'tie', justification: { reasons: ['clearer'], rationale: 'reads better' } },
    });
    expect(lines[1].labels).toEqual({ better: 'A', how_much: 2 });
    expect(await csvOf(t)).toContain('p1,bob,Compare these,A,2,,');
    const agreement = (await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema;
    expect(agreement.better).toMatchObject({ level: 'nominal', items_evaluated: 1 });
    expect(agreement.how_much).toMatchObject({ level: 'interval', items_evaluated: 1 });
  });
});
