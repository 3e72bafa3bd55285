import { describe, expect, it } from 'vitest';
import { csvOf, jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const SCHEME = {
  annotation_type: 'conjoint',
  name: 'pick',
  profiles_per_set: 2,
  attributes: [
    { name: 'Speed', levels: ['Fast', 'Slow'] },
    { name: 'Price', levels: [5, 10] },
  ],
};
const ITEMS = [{ id: 'j1', text: 'Which would you buy?' }];

describe('conjoint', () => {
  it('loads its attributes and stores the choice under the scheme name', () => {
    const s = loadScheme(SCHEME);
    expect(s.labels).toEqual([{ name: 'pick' }]);
    expect(s.extra).toMatchObject({
      profiles_per_set: 2,
      show_none_option: true,
      attributes: [
        { name: 'Speed', levels: ['Fast', 'Slow'] },
        { name: 'Price', levels: ['5', '10'] },
      ],
    });
  });

  it('refuses bad configs naming the key and the reason', () => {
    expect(refusal({ annotation_type: 'conjoint', name: 'c' })).toMatch(
      /\(c\)\.attributes: give the attributes .* or a profiles_field/,
    );
    expect(refusal({ ...SCHEME, profiles_per_set: 1 })).toMatch(
      /annotation_schemes\[0\]\.profiles_per_set: must be at least 2/,
    );
    expect(refusal({ ...SCHEME, attributes: [{ name: 'Speed', levels: [] }] })).toMatch(
      /annotation_schemes\[0\]\.attributes\[0\]\.levels: needs at least one level/,
    );
  });

  it("stores Potato's plain choice and ours with the profiles, refuses bad ones, and round-trips its exports", async () => {
    const t = await serve([SCHEME], ITEMS);
    const withProfiles = JSON.stringify({
      chosen_profile: 2,
      profiles: [
        { Speed: 'Fast', Price: '10' },
        { Speed: 'Slow', Price: '5' },
      ],
    });
    expect((await submitAndRead(t, 'ann', 'j1', { 'pick:pick': withProfiles })).annotations).toEqual({
      'pick:pick': withProfiles,
    });
    expect((await submitAndRead(t, 'bob', 'j1', { 'pick:pick': 'none' })).annotations).toEqual({ 'pick:pick': 'none' });
    expect(await refusedAnswer(t, 'j1', { 'pick:pick': '3' })).toBe(
      'annotations["pick:pick"]: "3" is not a profile: give 1–2 or none',
    );
    expect(
      await refusedAnswer(t, 'j1', {
        'pick:pick': JSON.stringify({ chosen_profile: 1, profiles: [{ Speed: 'Warp' }, {}] }),
      }),
    ).toMatch(/"Speed: Warp" is not an attribute level/);
    // the CSV cell is the answer as JSON, as exports give it
    const csv = await csvOf(t);
    expect(csv).toContain('j1,bob,Which would you buy?,"{""chosen_profile"":""none""}",');
    expect(csv).toContain('j1,ann,Which would you buy?,"{""chosen_profile"":2,""profiles"":[{""Speed"":""Fast""');
    const lines = await jsonlRoundTrip(t, [SCHEME], ITEMS);
    expect(lines.map((l) => l.labels)).toEqual([
      { pick: JSON.parse(withProfiles) },
      { pick: { chosen_profile: 'none' } },
    ]);
    expect((await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema.pick).toMatchObject({
      level: 'nominal',
      items_evaluated: 1,
    });
  });
});
