/**
 * A multirate scheme whose rows are each item's own (`options_from_data`, Potato's dynamic multirate for rating
 * each step of a trace): the answer's options are checked against its item, stored as Potato stores them
 * ("scheme:<option>" → scale label), exported, and left out of agreement with the reason.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';

const items = [
  { id: 'dm_001', text: 'Rate each step', step_summaries: ['Search for flights', 'Compare prices', 'Book it'] },
  { id: 'dm_002', text: 'Rate each step of the second trace', step_summaries: [{ label: 'Open browser' }, 'Go'] },
];
const scheme = {
  annotation_type: 'multirate',
  name: 'step_ratings',
  description: 'Rate each step',
  options_from_data: 'step_summaries',
  labels: ['Incorrect', 'Questionable', 'Correct'],
};

describe('multirate with options_from_data', () => {
  it("takes ratings of the item's own options and refuses others", async () => {
    const t = await startServer({ items, config: { annotation_schemes: [scheme], num_annotators_per_item: 2 } });
    try {
      expect(t.server.services.config.warnings.join('\n')).not.toMatch(/options_from_data/);
      const alice = await t.client().login('alice');
      const schemes = (await alice.get('/api/schemas')).body;
      expect(JSON.stringify(schemes)).toContain('"options_from_data":"step_summaries"');
      const rate = (id: string, annotations: Record<string, string>) =>
        alice.post('/updateinstance', { instance_id: id, annotations });

      expect(
        (
          await rate('dm_001', {
            'step_ratings:Compare prices': 'Incorrect',
            'step_ratings:Search for flights': 'Correct',
          })
        ).status,
      ).toBe(200);
      const saved = (await alice.get('/get_annotations?instance_id=dm_001')).body.annotations;
      expect(saved).toEqual({
        'step_ratings:Compare prices': 'Incorrect',
        'step_ratings:Search for flights': 'Correct',
      });
      expect((await rate('dm_002', { 'step_ratings:Open browser': 'Questionable' })).status).toBe(200);

      const other = await rate('dm_001', { 'step_ratings:Open browser': 'Correct' });
      expect(other.status).toBe(400);
      expect(other.body.error).toMatch(/"Open browser" is not one of this item's step_summaries/);
      const offScale = await rate('dm_001', { 'step_ratings:Book it': 'Great' });
      expect(offScale.status).toBe(400);
      expect(offScale.body.error).toMatch(/not on the scale/);
      expect((await alice.get('/get_annotations?instance_id=dm_001')).body.annotations).toEqual(saved);

      const lines = (await t.admin().get('/admin/api/export?format=jsonl')).text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines.find((l) => l.instance_id === 'dm_001').labels.step_ratings).toEqual({
        'Compare prices': 'Incorrect',
        'Search for flights': 'Correct',
      });
      const bob = await t.client().login('bob');
      expect(
        (
          await bob.post('/updateinstance', {
            instance_id: 'dm_001',
            annotations: { 'step_ratings:Book it': 'Correct' },
          })
        ).status,
      ).toBe(200);
      const agreement = (await t.admin().get('/admin/api/agreement')).body.by_schema.step_ratings;
      expect(JSON.stringify(agreement)).toMatch(/each item's own/);
    } finally {
      await t.close();
    }
  });

  it('warns that options_from_data is not acted on beside listed options', async () => {
    const t = await startServer({
      items,
      config: { annotation_schemes: [{ ...scheme, options: ['Search for flights', 'Go'] }] },
    });
    try {
      expect(t.server.services.config.warnings.join('\n')).toMatch(/options_from_data is not acted on/);
    } finally {
      await t.close();
    }
  });
});
