/** quickSubmission (server/http/routes/quick-submission.ts) accepts only what the zod schema accepts, and returns what zod returns. */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { submission } from '../../../server/http/routes/annotation.js';
import { quickSubmission } from '../../../server/http/routes/quick-submission.js';

// mostly well-formed values, so the accepting paths are reached often, with every kind of near miss mixed in
const str = (max: number) => fc.oneof({ arbitrary: fc.string({ minLength: 1, maxLength: 4 }), weight: 6 }, fc.constantFrom('', 'x'.repeat(max), 'x'.repeat(max + 1)));
const num = fc.oneof({ arbitrary: fc.integer({ min: 0, max: 50 }), weight: 6 }, fc.constantFrom(-1, 1.5, 100_000_000, 100_000_001, Number.MAX_SAFE_INTEGER + 2, -0));
const anything = fc.oneof(fc.constant(null), fc.boolean(), num, fc.string({ maxLength: 3 }), fc.constant([]), fc.constant({}));
const maybe = <T>(good: fc.Arbitrary<T>) => fc.oneof({ arbitrary: good, weight: 12 }, { arbitrary: anything, weight: 1 });
const span = fc.record(
  { schema: maybe(str(256)), name: maybe(str(256)), start: maybe(num), end: maybe(num), value: maybe(str(100_000)), id: maybe(str(64)), extra: anything },
  { requiredKeys: ['schema', 'name', 'start', 'end'] },
);
const key = fc.oneof({ arbitrary: fc.string({ maxLength: 6 }), weight: 12 }, fc.constantFrom('k'.repeat(512), 'k'.repeat(513), '__proto__'));
const body = fc.oneof(
  { arbitrary: anything, weight: 1 },
  {
    weight: 10,
    arbitrary: fc.record(
      {
        instance_id: maybe(str(256)),
        annotations: maybe(fc.dictionary(key, maybe(fc.oneof(fc.string({ maxLength: 4 }), num, fc.boolean())), { maxKeys: 4 })),
        span_annotations: maybe(fc.array(maybe(span), { maxLength: 3 })),
        other: anything,
      },
      { requiredKeys: ['instance_id'] },
    ),
  },
);

describe('quickSubmission', () => {
  it('returns what zod returns whenever it returns anything', () => {
    let taken = 0;
    fc.assert(
      fc.property(body, (value) => {
        // as the JSON body reader hands it over
        const input = JSON.parse(JSON.stringify(value) ?? 'null');
        const quick = quickSubmission(input);
        if (quick === undefined) return;
        taken++;
        const parsed = submission.safeParse(input);
        expect(parsed.success).toBe(true);
        expect(quick).toStrictEqual(parsed.data);
        expect(JSON.stringify(quick)).toBe(JSON.stringify(parsed.data));
      }),
      { numRuns: 3000 },
    );
    expect(taken).toBeGreaterThan(300); // the generator reaches the accepting paths, not only refusals
  });

  it('takes the usual submissions itself', () => {
    const usual = [
      { instance_id: 'item-1', annotations: { 'sentiment:positive': 'true', 'helpfulness:3': 'true' }, span_annotations: [{ schema: 'evidence', name: 'positive', start: 0, end: 4 }] },
      { instance_id: 'item-1', annotations: { 'score:value': 7, 'flag:on': true }, ignored: 1 },
      { instance_id: 'item-1', span_annotations: [{ schema: 'e', name: 'p', start: 1, end: 2, value: 'x', id: 'sp_1', extra: 1 }] },
    ];
    for (const value of usual) {
      const quick = quickSubmission(value);
      expect(quick, JSON.stringify(value)).toBeDefined();
      expect(quick).toStrictEqual(submission.parse(value));
    }
  });

  it("leaves a body with neither part (Potato's {type, schema, state} shape) to the route's parser", () => {
    expect(quickSubmission({ instance_id: 'item-1' })).toBeUndefined();
    expect(quickSubmission({ instance_id: 'item-1', type: 'radio', schema: 'sentiment', state: [{ name: 'positive', value: true }] })).toBeUndefined();
  });
});
