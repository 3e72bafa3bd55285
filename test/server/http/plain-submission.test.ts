/**
 * The hand check of the usual /updateinstance body takes nothing the `submission` schema refuses and returns
 * what the schema returns; the usual bodies do take it (else it would save nothing).
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { plainSubmission } from '../../../server/http/routes/plain-submission.js';
import { submission } from '../../../server/http/routes/annotation.js';

const text = (max: number) =>
  fc.oneof(fc.string({ maxLength: 8 }), fc.string({ minLength: max - 1, maxLength: max + 1 }), fc.constant(''));
const offset = fc.oneof(
  fc.integer({ min: 0, max: 1000 }),
  fc.constantFrom(-1, 100_000_000, 100_000_001, 1.5, Number.NaN, Infinity),
);
const junk = fc.oneof(fc.constant(null), fc.boolean(), fc.integer(), fc.string({ maxLength: 4 }), fc.constant([]));

const span = fc.record(
  {
    schema: fc.oneof(text(256), junk),
    name: fc.oneof(text(256), junk),
    start: fc.oneof(offset, junk),
    end: offset,
    value: fc.oneof(fc.string({ maxLength: 8 }), junk),
    id: fc.oneof(text(130), junk),
    format_coords: fc.oneof(junk, fc.constant({ format: 'pdf', page: 2, anchor_kind: 'region' })),
    extra: junk,
  },
  { requiredKeys: ['start'] },
);
const answers = fc.oneof(
  fc.dictionary(
    fc.oneof(fc.string({ maxLength: 12 }), fc.constant('__proto__'), fc.string({ minLength: 513, maxLength: 513 })),
    fc.oneof(fc.string({ maxLength: 6 }), fc.boolean(), fc.double(), fc.constant(null), fc.constant({})),
    { maxKeys: 4 },
  ),
  junk,
);
/** The usual bodies: what the annotate page and the bench send. */
const usual = fc.record(
  {
    instance_id: fc.string({ minLength: 1, maxLength: 40 }),
    annotations: fc.dictionary(
      fc.string({ minLength: 1, maxLength: 20 }).filter((k) => k !== '__proto__'),
      fc.oneof(fc.string({ maxLength: 20 }), fc.boolean(), fc.integer()),
    ),
    span_annotations: fc.array(
      fc.record(
        {
          schema: fc.string({ maxLength: 20 }),
          name: fc.string({ maxLength: 20 }),
          start: fc.nat(5000),
          end: fc.nat(5000),
          value: fc.string({ maxLength: 30 }),
          // a span id is printable text without spaces at its ends
          id: fc.stringMatching(/^[A-Za-z0-9][\w:.-]{0,19}$/),
        },
        { requiredKeys: ['schema', 'name', 'start', 'end'] },
      ),
      { maxLength: 4 },
    ),
  },
  { requiredKeys: ['instance_id'] },
);

const broad = fc.record(
  {
    instance_id: fc.oneof(text(256), fc.integer(), junk),
    annotations: answers,
    span_annotations: fc.oneof(fc.array(span, { maxLength: 3 }), junk),
    state: fc.array(junk, { maxLength: 1 }),
    link_annotations: fc.constant([]),
  },
  { requiredKeys: [] },
);

/** Any body: a broad mix, or a usual one with one part out of shape. */
const body = fc.oneof(
  broad,
  fc
    .tuple(
      usual,
      fc.constantFrom('instance_id', 'annotations', 'span_annotations', 'state'),
      fc.oneof(junk, span, answers),
    )
    .map(([given, key, value]) => ({ ...given, [key]: value })),
  fc
    .tuple(usual, span)
    .map(([given, extra]) => ({ ...given, span_annotations: [...(given.span_annotations ?? []), extra] })),
);

/** As the body reader hands it over: parsed JSON text, so own keys such as "__proto__" stay plain keys. */
const asRead = (value: unknown) => JSON.parse(JSON.stringify(value)) as Record<string, unknown>;

describe('plainSubmission', () => {
  it('takes only what the submission schema takes, and returns what it returns, keys in the same order', () => {
    let taken = 0;
    fc.assert(
      fc.property(body, (given) => {
        const raw = asRead(given);
        const quick = plainSubmission(raw);
        if (quick === undefined) return;
        taken++;
        const schema = submission.safeParse(raw);
        expect(schema.success).toBe(true);
        expect(JSON.stringify(quick)).toBe(JSON.stringify(schema.data));
      }),
      { numRuns: 3000 },
    );
    // the generator reaches bodies the check takes, so the comparison above ran
    expect(taken).toBeGreaterThan(20);
  });

  it('takes the usual bodies', () => {
    fc.assert(
      fc.property(usual, (given) => {
        const raw = asRead(given);
        const quick = plainSubmission(raw);
        expect(quick).toBeDefined();
        expect(JSON.stringify(quick)).toBe(JSON.stringify(submission.parse(raw)));
      }),
      { numRuns: 500 },
    );
  });

  it('leaves other shapes to the schemas', () => {
    expect(plainSubmission({ instance_id: 'a', link_annotations: [] })).toBeUndefined();
    expect(plainSubmission({ instance_id: 'a', type: 'label', schema: 's', state: [] })).toBeUndefined();
    expect(plainSubmission({ instance_id: 'a', annotations: '{"s:x":"true"}' })).toBeUndefined();
    expect(plainSubmission(asRead({ instance_id: 'a', annotations: { ['__proto__']: 'x' } }))).toBeUndefined();
    expect(
      plainSubmission({ instance_id: 'a', span_annotations: [{ schema: 's', name: 'n', start: -1, end: 2 }] }),
    ).toBeUndefined();
  });
});
