/** The pure parts of annotation: keyword matching, and turning a submission into stored form. */
import { describe, expect, it } from 'vitest';
import { compileRules, findKeywords } from '../../../../server/domain/annotation/keywords.js';
import { spanId } from '../../../../server/domain/annotation/span-ids.js';
import { validateLabels } from '../../../../server/domain/annotation/validate.js';
import { validateSpans } from '../../../../server/domain/annotation/validate-spans.js';
import { DomainError } from '../../../../server/domain/errors.js';
import { createTask, type Scheme } from '../../../../server/domain/task.js';

const scheme = (
  name: string,
  annotation_type: Scheme['annotation_type'],
  labels: string[],
  extra: Partial<Scheme> = {},
): Scheme => ({
  name,
  annotation_type,
  description: '',
  labels: labels.map((n) => ({ name: n })),
  extra: {},
  ...extra,
});
const SCHEMES = [
  scheme('tone', 'radio', ['good', 'bad']),
  scheme('tags', 'multiselect', ['a', 'b', 'c']),
  scheme('score', 'number', ['value'], { min: 0, max: 10 }),
  scheme('note', 'text', ['text']),
  scheme('marks', 'span', ['x', 'y']),
];
const TEXT = 'The café serves C++ code, e.g. great food; GREATER things, great!';
const task = createTask(SCHEMES, [{ id: 'i1', text: TEXT, data: {} }], { tone: { good: '#00ff00', bad: '#ff0000' } }, [
  { word: 'great', label: 'good', schema: 'tone' },
  { word: 'caf', label: 'bad', schema: 'tone' },
  { word: 'c++', label: 'good', schema: 'tone' },
  { word: 'e.g.', label: 'bad', schema: 'tone' },
  { word: 'great*', label: 'unknown', schema: 'tone' },
]);

describe('findKeywords', () => {
  const found = findKeywords(task, compileRules(task.keywordRules), TEXT).map(
    (k) => `${k.start}:${k.text}:${k.label}:${k.color}`,
  );

  it('matches whole words only, in any script, case-insensitively', () => {
    expect(found.some((f) => f.includes(':caf:'))).toBe(false); // "café" is one word
    expect(found.filter((f) => /:great:good:/i.test(f))).toHaveLength(2); // not GREATER
  });

  it('takes regex characters in words literally, and * as the rest of a word', () => {
    expect(found).toContain(`${TEXT.indexOf('C++')}:C++:good:#00ff00`);
    expect(found).toContain(`${TEXT.indexOf('e.g.')}:e.g.:bad:#ff0000`);
    expect(found).toContain(`${TEXT.indexOf('GREATER')}:GREATER:unknown:#ffff00`); // no colour for the label: yellow
  });

  it('sorts by position, longer match first at the same position', () => {
    const starts = found.map((f) => Number(f.split(':')[0]));
    expect(starts).toEqual([...starts].sort((a, b) => a - b));
    const atGreat = found.filter((f) => f.startsWith(`${TEXT.indexOf('great')}:`));
    expect(atGreat).toHaveLength(2); // great (rule 1) and great* (rule 5)
  });
});

describe('validateLabels', () => {
  it('stores choices in scheme and label order whatever the key order, skipping unticked ones', () => {
    const stored = validateLabels(task, {
      'tags:c': 'true',
      'note:text': 'hi',
      'tags:a': true,
      'tone:bad': 'false',
      'tags:b': '0',
      'score:value': 7,
    });
    expect(JSON.stringify(stored)).toBe(
      JSON.stringify({ tags: { a: 'true', c: 'true' }, score: { value: '7' }, note: { text: 'hi' } }),
    );
  });

  it('refuses with the field named', () => {
    const refuse = (a: Record<string, string>) => {
      try {
        validateLabels(task, a);
      } catch (e) {
        expect(e).toBeInstanceOf(DomainError);
        return (e as DomainError).message;
      }
      return 'accepted';
    };
    expect(refuse({ 'score:value': '10.5' })).toMatch(/^annotations\["score:value"\]: 10.5 is outside 0..10/);
    expect(refuse({ 'score:value': ' ' })).toMatch(/is not a number/);
    expect(refuse({ 'tone:good': 'true', 'tone:bad': 'yes' })).toMatch(/"tone" is radio and takes one label/);
    expect(refuse({ 'tone:good': 'true', 'tone:bad': 'false' })).toBe('accepted');
    expect(refuse({ ':good': 'true' })).toMatch(/keys must have the form/);
  });
});

describe('validateSpans', () => {
  it('derives span ids from the span and its annotator, merges duplicates and sorts by position', () => {
    const instance = task.instances[0];
    const spans = validateSpans(task, instance, 'ann', [
      { schema: 'marks', name: 'y', start: 10, end: 14 },
      { schema: 'marks', name: 'x', start: 4, end: 8, value: 'custom' },
      { schema: 'marks', name: 'y', start: 10, end: 14 },
      { schema: 'marks', name: 'x', start: 10, end: 14 },
    ]);
    expect(spans.map((s) => `${s.start}-${s.end}:${s.label}:${s.value}`)).toEqual([
      '4-8:x:custom',
      `10-14:x:${TEXT.slice(10, 14)}`,
      `10-14:y:${TEXT.slice(10, 14)}`,
    ]);
    expect(spans[0].id).toBe(spanId('ann', 'i1', 'marks', 'x', 4, 8));
    expect(spanId('ann', 'i1', 'marks', 'x', 4, 8)).not.toBe(spanId('other', 'i1', 'marks', 'x', 4, 8));
    expect(spanId('ann', 'i1', 'marks', 'x', 4, 8)).not.toBe(spanId('ann', 'i1', 'marks', 'x', 4, 9));
  });

  it('refuses offsets outside the text', () => {
    const instance = task.instances[0];
    expect(() =>
      validateSpans(task, instance, 'ann', [{ schema: 'marks', name: 'x', start: 0, end: TEXT.length + 1 }]),
    ).toThrow(/0 <= start < end <= 65 \(got start 0, end 66\)/);
    expect(
      validateSpans(task, instance, 'ann', [{ schema: 'marks', name: 'x', start: 0, end: TEXT.length }]),
    ).toHaveLength(1);
  });
});
