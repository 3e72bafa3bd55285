import { describe, expect, it } from 'vitest';
import { csvOf, jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const SCHEME = {
  annotation_type: 'triage',
  name: 'keep',
  description: 'Keep it?',
  accept_label: 'Safe',
  reject_key: 'r',
};
const ITEMS = [
  { id: 't1', text: 'first' },
  { id: 't2', text: 'second' },
];

describe('triage', () => {
  it('loads with Potato defaults filled in, answered under "decision"', () => {
    const s = loadScheme(SCHEME);
    expect(s.labels).toEqual([{ name: 'decision' }]);
    expect(s.extra).toMatchObject({
      accept_label: 'Safe',
      reject_label: 'Discard',
      skip_label: 'Unsure',
      accept_key: '1',
      reject_key: 'r',
      skip_key: '3',
      auto_advance: true,
    });
  });

  it('refuses bad configs naming the key and the reason', () => {
    expect(refusal({ ...SCHEME, skip_key: 'r' })).toMatch(
      /annotation_schemes\[0\] \(keep\)\.skip_key: "r" is taken by another triage key/,
    );
    expect(refusal({ ...SCHEME, accept_key: 'ab' })).toMatch(/annotation_schemes\[0\]\.accept_key: .*one character/);
    expect(refusal({ ...SCHEME, labels: ['x'] })).toMatch(/\.labels: a triage scheme has no labels/);
    expect(refusal({ ...SCHEME, auto_advance: 'sometimes' })).toMatch(/annotation_schemes\[0\]\.auto_advance/);
  });

  it('stores a decision and reads it back; refuses others naming the scheme', async () => {
    const t = await serve([SCHEME], ITEMS);
    expect((await submitAndRead(t, 'ann', 't1', { 'keep:decision': 'reject' })).annotations).toEqual({
      'keep:decision': 'reject',
    });
    expect(await refusedAnswer(t, 't1', { 'keep:decision': 'maybe' })).toBe(
      'annotations["keep:decision"]: "maybe" is not a decision: give accept, reject or skip',
    );
    expect(await refusedAnswer(t, 't1', { 'keep:accept': 'true' })).toMatch(/scheme "keep" has no label "accept"/);
    await submitAndRead(t, 'bob', 't1', { 'keep:decision': 'reject' });
    await submitAndRead(t, 'bob', 't2', { 'keep:decision': 'skip' });
    const lines = await jsonlRoundTrip(t, [SCHEME], ITEMS);
    expect(lines.map((l) => l.labels)).toEqual([{ keep: 'reject' }, { keep: 'reject' }, { keep: 'skip' }]);
    expect(await csvOf(t)).toContain('t2,bob,second,skip,');
    const agreement = (await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema.keep;
    expect(agreement).toMatchObject({ level: 'nominal', items_evaluated: 1 });
  });
});
