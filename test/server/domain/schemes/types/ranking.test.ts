import { describe, expect, it } from 'vitest';
import { kendallDistance } from '../../../../../server/domain/schemes/types/ranking.js';
import { csvOf, jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const FIXED = { annotation_type: 'ranking', name: 'order', labels: ['R1', 'R2', 'R3'], allow_ties: true };
const DYNAMIC = { annotation_type: 'ranking', name: 'mt', items_key: 'outputs' };
const ITEMS = [
  { id: 'k1', text: 'Rank them', outputs: ['x', 'y'] },
  { id: 'k2', text: 'Rank these too', outputs: ['x', 'y'] },
];

describe('ranking', () => {
  it('loads its items and stores the order under rank_order', () => {
    const s = loadScheme(FIXED);
    expect(s.labels).toEqual([{ name: 'rank_order' }]);
    expect(s.extra).toMatchObject({ items: ['R1', 'R2', 'R3'], allow_ties: true });
    expect(loadScheme(DYNAMIC).extra).toMatchObject({ items: [], items_key: 'outputs', allow_ties: false });
  });

  it('refuses bad configs naming the key and the reason', () => {
    expect(refusal({ annotation_type: 'ranking', name: 'r', labels: ['one'] })).toMatch(
      /\(r\)\.labels: a ranking needs at least two labels/,
    );
    expect(refusal({ annotation_type: 'ranking', name: 'r', labels: ['a,b', 'c'] })).toMatch(
      /\(r\)\.labels: "a,b" contains "," or "="/,
    );
    expect(refusal({ ...FIXED, allow_ties: 'yes' })).toMatch(/annotation_schemes\[0\]\.allow_ties/);
  });

  it('measures how far two orders are apart, ties counting half', () => {
    expect(kendallDistance('a,b,c', 'a,b,c')).toBe(0);
    expect(kendallDistance('a,b,c', 'c,b,a')).toBe(1);
    expect(kendallDistance('a,b,c', 'a=b,c')).toBeCloseTo(0.5 / 3);
  });

  it('stores orders (ties too), refuses incomplete or foreign ones, and round-trips its exports', async () => {
    const schemes = [FIXED, DYNAMIC];
    const t = await serve(schemes, ITEMS);
    const sent = { 'order:rank_order': 'R2,R1=R3', 'mt:rank_order': 'y,x' };
    expect((await submitAndRead(t, 'ann', 'k1', sent)).annotations).toEqual(sent);
    await submitAndRead(t, 'bob', 'k1', { 'order:rank_order': 'R2,R3,R1' });
    expect(await refusedAnswer(t, 'k1', { 'order:rank_order': 'R2,R1' })).toBe(
      'annotations["order:rank_order"]: every item must be ranked; missing R3',
    );
    expect(await refusedAnswer(t, 'k1', { 'order:rank_order': 'R2,R1,R4' })).toMatch(
      /"R4" is not an item of this ranking \(R1, R2, R3\)/,
    );
    expect(await refusedAnswer(t, 'k1', { 'order:rank_order': 'R2,R2,R1' })).toMatch(/"R2" is ranked twice/);
    expect(await refusedAnswer(t, 'k1', { 'mt:rank_order': 'x=y' })).toMatch(
      /"x=y" ties items, and this ranking does not allow ties/,
    );
    const lines = await jsonlRoundTrip(t, schemes, ITEMS);
    expect(lines[0].labels).toEqual({ order: ['R2', ['R1', 'R3']], mt: ['y', 'x'] });
    expect(await csvOf(t)).toContain('k1,bob,Rank them,R2|R3|R1,,');
    const agreement = (await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema.order;
    expect(agreement).toMatchObject({ level: 'rank', items_evaluated: 1, annotators: 2 });
  });
});
