/** The renderer's pure logic: Potato-style key assignment, text runs and word steps, and the answer form. */
import { describe, expect, test } from 'vitest';
import {
  assignFieldKeys,
  assignLabelKeys,
  assignSpanKeys,
  commandFor,
} from '../../renderer/src/shared/keymap/keymap.js';
import { cutRuns, stepSelection, words } from '../../renderer/src/features/annotate/segments.js';
import { addSpan, choose, fromStored, toSubmission, EMPTY } from '../../renderer/src/features/annotate/answers.js';
import { applySuggestion } from '../../renderer/src/features/annotate/fill.js';
import { keyedLabels } from '../../renderer/src/features/annotate/schemes/registry.js';
import type { Scheme } from '../../renderer/src/shared/api/types.js';

const scheme = (
  name: string,
  annotation_type: Scheme['annotation_type'],
  labels: (string | { name: string; key_value?: string })[],
  extra: Partial<Scheme> = {},
): Scheme => ({
  name,
  annotation_type,
  description: '',
  labels: labels.map((l) => (typeof l === 'string' ? { name: l } : l)),
  ...extra,
});
const shown = (keys: { key: string; scheme: string; label: string }[]) =>
  keys.map((k) => `${k.key}=${k.scheme}:${k.label}`);
const scale = (name: string, n: number, extra: Partial<Scheme> = {}) =>
  scheme(
    name,
    'likert',
    Array.from({ length: n }, (_, i) => String(i + 1)),
    extra,
  );

describe('label keys', () => {
  test('key_value first, then 1–0 and q–p in scheme order, skipping taken keys; spans and value schemes get none', () => {
    const keys = assignLabelKeys(
      [
        scheme('sentiment', 'radio', [{ name: 'positive', key_value: '2' }, 'negative']),
        scheme('note', 'text', ['text']),
        scheme('evidence', 'span', ['pos']),
        scheme('topics', 'multiselect', ['a', 'b']),
        // types with fields of their own take no label keys
        scheme('aspects', 'multirate', ['Clarity']),
        scheme('feel', 'semantic_differential', ['Bad__Good']),
      ],
      keyedLabels,
    );
    expect(keys.map((k) => `${k.key}=${k.scheme}:${k.label}`)).toEqual([
      '2=sentiment:positive',
      '1=sentiment:negative',
      '3=topics:a',
      '4=topics:b',
    ]);
  });

  test('past twenty labels the rest have no key, and a label key beats a command on the same key', () => {
    const many = scheme(
      'many',
      'select',
      Array.from({ length: 25 }, (_, i) => `l${i}`),
    );
    const keys = assignLabelKeys([many], keyedLabels);
    expect(keys).toHaveLength(20);
    expect(keys[19]).toEqual({ key: 'p', scheme: 'many', label: 'l19' });
    expect(commandFor('n', new Set())).toBe('unannotated');
    expect(commandFor('N', new Set(['n']))).toBeUndefined();
    expect(commandFor(']', new Set())).toBe('next');
  });

  test('a scheme that does not fit in what is left of a row starts on the next row instead of straddling it', () => {
    const keys = assignLabelKeys(
      [
        scheme('sentiment', 'radio', ['pos', 'neg', 'neu', 'mixed', 'none', 'other', 'unsure']),
        scale('helpfulness', 5),
      ],
      keyedLabels,
    );
    expect(shown(keys).slice(7)).toEqual([
      'q=helpfulness:1',
      'w=helpfulness:2',
      'e=helpfulness:3',
      'r=helpfulness:4',
      't=helpfulness:5',
    ]);
    // a scheme that fits the rest of the row stays on it
    expect(shown(assignLabelKeys([scheme('a', 'radio', ['x', 'y']), scale('b', 5)], keyedLabels)).slice(2)).toEqual([
      '3=b:1',
      '4=b:2',
      '5=b:3',
      '6=b:4',
      '7=b:5',
    ]);
  });

  test("Potato's sequential_key_binding gives each such scheme its own row: numbers, then q–p, then a–l", () => {
    const keys = assignLabelKeys(
      [
        scheme('topic', 'radio', ['x', 'y'], { sequential_key_binding: true }),
        scale('helpfulness', 5, { sequential_key_binding: true }),
        scale('clarity', 3, { sequential_key_binding: true }),
      ],
      keyedLabels,
    );
    expect(shown(keys)).toEqual([
      '1=topic:x',
      '2=topic:y',
      'q=helpfulness:1',
      'w=helpfulness:2',
      'e=helpfulness:3',
      'r=helpfulness:4',
      't=helpfulness:5',
      'a=clarity:1',
      's=clarity:2',
      'd=clarity:3',
    ]);
  });

  test('span labels get key_value, then 1–0, q–p, a–l…; value fields get free keys that are no command', () => {
    const labels = [
      ...Array.from({ length: 11 }, (_, i) => ({ scheme: 'ner', label: `L${i}` })),
      { scheme: 'ner', label: 'LAW', key_value: 'X' },
    ];
    expect(assignSpanKeys(labels).map((k) => k.key)).toEqual([...'1234567890q', 'x']);
    const labelKeys = assignLabelKeys(
      [
        scheme(
          'r',
          'radio',
          Array.from({ length: 13 }, (_, i) => `l${i}`),
        ),
      ],
      keyedLabels,
    );
    expect(assignFieldKeys(['note', 'stars'], labelKeys).map((k) => k.key)).toEqual(['r', 't']);
  });
});

describe('text runs and words', () => {
  test('overlapping marks cut the text into runs; span labels follow the run where the span ends', () => {
    const runs = cutRuns('abcdef', [
      { start: 1, end: 4, color: '#000000', label: 'x', kind: 'span' },
      { start: 3, end: 6, color: '#000000', label: 'kw', kind: 'keyword' },
    ]);
    expect(runs.map((r) => [r.text, r.marks.length, r.endsLabels])).toEqual([
      ['a', 0, []],
      ['bc', 1, []],
      ['d', 2, ['x']],
      ['ef', 1, []],
    ]);
    expect(runs.map((r) => r.text).join('')).toBe('abcdef');
  });

  test('words keep inner apostrophes and hyphens; arrows step and Shift extends and shrinks', () => {
    const w = words("Don't buy this well-made thing.");
    expect(w.map((x) => "Don't buy this well-made thing.".slice(x.start, x.end))).toEqual([
      "Don't",
      'buy',
      'this',
      'well-made',
      'thing',
    ]);
    let sel = { from: 0, to: 0 };
    sel = stepSelection(sel, w.length, 'ArrowRight', false);
    expect(sel).toEqual({ from: 1, to: 1 });
    sel = stepSelection(sel, w.length, 'ArrowRight', true);
    expect(sel).toEqual({ from: 1, to: 2 });
    sel = stepSelection(sel, w.length, 'ArrowLeft', true);
    expect(sel).toEqual({ from: 1, to: 1 });
    sel = stepSelection(sel, w.length, 'ArrowLeft', true); // never shrinks below one word
    expect(sel).toEqual({ from: 1, to: 1 });
    expect(stepSelection({ from: 4, to: 4 }, w.length, 'ArrowRight', false)).toEqual({ from: 4, to: 4 });
  });
});

describe('answers', () => {
  const radio = scheme('sentiment', 'radio', ['positive', 'negative']);
  const multi = scheme('topics', 'multiselect', ['price', 'quality']);

  test('single choice replaces (and a second press clears), multiselect toggles; the submission round-trips', () => {
    let a = choose(EMPTY, radio, 'positive');
    a = choose(a, radio, 'negative');
    expect(a.labels.sentiment).toEqual({ negative: 'true' });
    expect(choose(a, radio, 'negative').labels.sentiment).toEqual({});
    a = choose(choose(a, multi, 'price'), multi, 'quality');
    a = choose(a, multi, 'price');
    a = addSpan(addSpan(a, { schema: 'ev', name: 'pos', start: 5, end: 9 }), {
      schema: 'ev',
      name: 'pos',
      start: 0,
      end: 3,
    });
    const sent = toSubmission('i1', a);
    expect(sent).toEqual({
      instance_id: 'i1',
      annotations: { 'sentiment:negative': 'true', 'topics:quality': 'true' },
      span_annotations: [
        { schema: 'ev', name: 'pos', start: 0, end: 3, value: undefined },
        { schema: 'ev', name: 'pos', start: 5, end: 9, value: undefined },
      ],
    });
    expect(fromStored({ ...sent, updated_at: null, span_annotations: sent.span_annotations })).toEqual(a);
  });

  test("a stored span keeps its id (a script's own) and coordinates when the form sends it back", () => {
    const coords = { format: 'pdf', anchor_kind: 'region', page: 2, bbox: [0.1, 0.2, 0.3, 0.4] };
    const stored = fromStored({
      instance_id: 'i1',
      annotations: {},
      updated_at: null,
      span_annotations: [
        { schema: 'ev', name: 'q', start: 0, end: 4, id: 'claim-1' },
        { schema: 'ev', name: 'a', start: 2, end: 6, target_field: 'summary', id: 'q1' },
        { schema: 'ev', name: 'a', start: 0, end: 0, id: 'fig-1', format_coords: coords },
      ] as never,
      link_annotations: [{ id: 'l1', schema: 'qa', link_type: 'answers', span_ids: ['q1', 'claim-1'] }] as never,
    });
    // the same place again is the same span, not a second one
    const again = addSpan(stored, { schema: 'ev', name: 'a', start: 2, end: 6, target_field: 'summary' });
    expect(again.spans).toHaveLength(3);
    const sent = toSubmission(
      'i1',
      addSpan(again, { schema: 'ev', name: 'a', start: 7, end: 9, target_field: 'summary' }),
    );
    expect(sent.span_annotations.map((s) => s.id)).toEqual(['fig-1', 'claim-1', 'q1', expect.stringMatching(/^fs_/)]);
    expect(sent.span_annotations[0].format_coords).toEqual(coords);
    expect(sent.link_annotations?.[0].span_ids).toEqual(['q1', 'claim-1']);
  });

  test('an AI suggestion fills only labels the scheme knows, and never clears a chosen one', () => {
    const schemes = { sentiment: radio, topics: multi };
    const start = choose(EMPTY, multi, 'price');
    const a = applySuggestion(start, schemes, {
      sentiment: { label: 'negative', confidence: null, rationale: '' },
      topics: { label: 'price', labels: ['price', 'quality', 'colour'], confidence: null, rationale: '' },
      unknown: { label: 'x', confidence: null, rationale: '' },
    });
    expect(a.labels).toEqual({ topics: { price: 'true', quality: 'true' }, sentiment: { negative: 'true' } });
    expect(
      applySuggestion(EMPTY, schemes, { sentiment: { label: null, confidence: null, rationale: 'not yet' } }),
    ).toEqual(EMPTY);
  });
});
