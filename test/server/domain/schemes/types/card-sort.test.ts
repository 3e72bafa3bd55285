import { describe, expect, it } from 'vitest';
import { randDistance } from '../../../../../server/domain/schemes/types/card-sort.js';
import { csvOf, jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const CLOSED = {
  annotation_type: 'card_sort',
  name: 'topics',
  groups: ['Science', 'Sport'],
  items_field: 'cards',
  allow_empty_groups: false,
};
const OPEN = { annotation_type: 'card_sort', name: 'own', mode: 'open', items_field: 'cards' };
const ITEMS = [{ id: 'c1', text: 'Sort the headlines', cards: ['Mars ice', 'Cup final', 'New vaccine'] }];

describe('card_sort', () => {
  it('loads its groups and stores the sorting under the scheme name', () => {
    const s = loadScheme(CLOSED);
    expect(s.labels).toEqual([{ name: 'topics' }]);
    expect(s.extra).toMatchObject({
      mode: 'closed',
      groups: ['Science', 'Sport'],
      items_field: 'cards',
      allow_empty_groups: false,
      allow_multiple: false,
    });
  });

  it('refuses bad configs naming the key and the reason', () => {
    expect(refusal({ annotation_type: 'card_sort', name: 'x' })).toMatch(
      /\(x\)\.groups: closed mode needs the list of groups/,
    );
    expect(refusal({ ...CLOSED, groups: ['A', 'A'] })).toMatch(/\(topics\)\.groups: a group is listed twice/);
    expect(refusal({ ...CLOSED, mode: 'half' })).toMatch(/annotation_schemes\[0\]\.mode/);
  });

  it('tells sortings apart by the card pairs they split', () => {
    expect(randDistance('{"a":["x","y"],"b":["z"]}', '{"p":["x","y"],"q":["z"]}')).toBe(0);
    expect(randDistance('{"a":["x","y","z"]}', '{"a":["x"],"b":["y"],"c":["z"]}')).toBe(1);
  });

  it('stores sortings, refuses bad ones, and round-trips its exports', async () => {
    const schemes = [CLOSED, OPEN];
    const t = await serve(schemes, ITEMS);
    const closed = JSON.stringify({ Science: ['Mars ice', 'New vaccine'], Sport: ['Cup final'] });
    const open = JSON.stringify({ space: ['Mars ice'], games: ['Cup final'] });
    expect((await submitAndRead(t, 'ann', 'c1', { 'topics:topics': closed, 'own:own': open })).annotations).toEqual({
      'topics:topics': closed,
      'own:own': open,
    });
    await submitAndRead(t, 'bob', 'c1', {
      'topics:topics': JSON.stringify({ Science: ['Mars ice'], Sport: ['Cup final', 'New vaccine'] }),
    });
    expect(await refusedAnswer(t, 'c1', { 'topics:topics': '{"Art":["Mars ice"]}' })).toBe(
      'annotations["topics:topics"]: "Art" is not a group of this sort (Science, Sport)',
    );
    expect(await refusedAnswer(t, 'c1', { 'topics:topics': '{"Science":["Mars ice"],"Sport":["Mars ice"]}' })).toMatch(
      /"Mars ice" is in two groups/,
    );
    expect(await refusedAnswer(t, 'c1', { 'topics:topics': '{"Science":["Mars ice"]}' })).toMatch(
      /every group needs a card; empty: Sport/,
    );
    expect(await refusedAnswer(t, 'c1', { 'own:own': 'Science' })).toMatch(/expected a card sort .* as JSON/);
    const lines = await jsonlRoundTrip(t, schemes, ITEMS);
    expect(lines[0].labels).toEqual({ topics: JSON.parse(closed), own: JSON.parse(open) });
    expect(await csvOf(t)).toContain('"{""Science"":[""Mars ice"",""New vaccine""],""Sport"":[""Cup final""]}"');
    expect((await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema.topics).toMatchObject({
      level: 'partition',
      items_evaluated: 1,
    });
  });
});
