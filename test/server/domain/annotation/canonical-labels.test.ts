/**
 * validateLabels returns answers sent in canonical order as built and re-orders only the others; sameLabels and
 * sameSpans replace comparing JSON text. Both are checked against the straightforward versions they replaced.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { sameLabels, sameSpans, type SpanRecord } from '../../../../server/domain/annotation/records.js';
import { validateLabels } from '../../../../server/domain/annotation/validate.js';
import { createTask, type Scheme } from '../../../../server/domain/task.js';

const scheme = (name: string, annotation_type: Scheme['annotation_type'], labels: string[]): Scheme => ({
  name,
  annotation_type,
  description: '',
  labels: labels.map((n) => ({ name: n })),
  extra: {},
});
const task = createTask(
  [
    scheme('tone', 'radio', ['good', 'bad', 'meh']),
    scheme('tags', 'multiselect', ['a', 'b', 'c', 'd']),
    scheme('note', 'text', ['text']),
    scheme('more', 'multiselect', ['z', 'y']),
  ],
  [{ id: 'i1', text: 'text', data: {} }],
  {},
);

/** The ordering validateLabels always did before: rebuild in scheme order, labels in label order. */
function canonical(labels: Record<string, Record<string, string>>) {
  const ordered: Record<string, Record<string, string>> = {};
  for (const s of task.schemes) {
    const chosen = labels[s.name];
    if (chosen)
      ordered[s.name] = Object.fromEntries(
        s.labels.filter((l) => Object.hasOwn(chosen, l.name)).map((l) => [l.name, chosen[l.name]]),
      );
  }
  return ordered;
}

const keys = ['tone:good', 'tone:bad', 'tags:a', 'tags:b', 'tags:c', 'tags:d', 'note:text', 'more:z', 'more:y'];
const answers = fc
  .uniqueArray(fc.tuple(fc.constantFrom(...keys), fc.constantFrom('true', 'false', 'x', '')), { selector: ([k]) => k })
  .map((pairs) => Object.fromEntries(pairs));

describe('validateLabels order', () => {
  it('gives the canonical order, with the same JSON text, whatever order the keys came in', () => {
    fc.assert(
      fc.property(answers, (a) => {
        let stored;
        try {
          stored = validateLabels(task, a);
        } catch {
          return; // two radio labels: refused, whatever the order
        }
        expect(JSON.stringify(stored)).toBe(JSON.stringify(canonical(stored)));
      }),
      { numRuns: 500 },
    );
  });
});

describe('sameLabels and sameSpans', () => {
  it('agree with comparing JSON text', () => {
    const labels = fc.dictionary(
      fc.constantFrom('tone', 'tags', 'x'),
      fc.dictionary(fc.constantFrom('a', 'b', 'c'), fc.constantFrom('true', '1', 'x'), { maxKeys: 3 }),
      { maxKeys: 3 },
    );
    fc.assert(
      fc.property(labels, labels, (a, b) => {
        expect(sameLabels(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
        expect(sameLabels(a, structuredClone(a))).toBe(true);
      }),
      { numRuns: 1000 },
    );
    const span = fc.record({
      id: fc.constantFrom('s1', 's2'),
      schema: fc.constantFrom('m'),
      label: fc.constantFrom('x', 'y'),
      start: fc.nat(3),
      end: fc.nat(3),
      value: fc.constantFrom('v', 'w'),
    });
    const spans = fc.array(span, { maxLength: 3 });
    fc.assert(
      fc.property(spans, spans, (a: SpanRecord[], b: SpanRecord[]) => {
        expect(sameSpans(a, b)).toBe(JSON.stringify(a) === JSON.stringify(b));
        expect(sameSpans(a, structuredClone(a))).toBe(true);
      }),
      { numRuns: 1000 },
    );
  });

  it('tells a key order apart, as the JSON text did', () => {
    expect(sameLabels({ t: { a: '1', b: '1' } }, { t: { b: '1', a: '1' } })).toBe(false);
    expect(sameLabels({ t: { a: '1' }, u: { a: '1' } }, { u: { a: '1' }, t: { a: '1' } })).toBe(false);
    expect(sameLabels({}, {})).toBe(true);
  });
});
