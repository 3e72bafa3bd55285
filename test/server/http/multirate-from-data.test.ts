/**
 * A multirate scheme whose rows are each item's own (`options_from_data`, Potato's dynamic multirate for rating
 * each step of a trace): the answer's options are checked against its item, stored as Potato stores them
 * ("scheme:<option>" → scale label), exported, and left out of agreement with the reason.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';

const items = [
  {
    id: 'inv-1',
    text: 'Check each step of the invoice',
    step_summaries: ['Read the invoice', 'Sum the line items', 'Report the total'],
  },
  {
    id: 'inv-2',
    text: 'Check each step of the second invoice',
    step_summaries: [{ label: 'List the files' }, 'Delete the log'],
  },
];
const scheme = {
  annotation_type: 'multirate',
  name: 'step_checks',
  description: 'How sound is each step?',
  options_from_data: 'step_summaries',
  labels: ['Wrong', 'Unsure', 'Sound'],
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
          await rate('inv-1', {
            'step_checks:Sum the line items': 'Wrong',
            'step_checks:Read the invoice': 'Sound',
          })
        ).status,
      ).toBe(200);
      const saved = (await alice.get('/get_annotations?instance_id=inv-1')).body.annotations;
      expect(saved).toEqual({
        'step_checks:Sum the line items': 'Wrong',
        'step_checks:Read the invoice': 'Sound',
      });
      expect((await rate('inv-2', { 'step_checks:List the files': 'Unsure' })).status).toBe(200);

      const other = await rate('inv-1', { 'step_checks:List the files': 'Sound' });
      expect(other.status).toBe(400);
      expect(other.body.error).toMatch(/"List the files" is not one of this item's step_summaries/);
      const offScale = await rate('inv-1', { 'step_checks:Report the total': 'Great' });
      expect(offScale.status).toBe(400);
      expect(offScale.body.error).toMatch(/not on the scale/);
      expect((await alice.get('/get_annotations?instance_id=inv-1')).body.annotations).toEqual(saved);

      const lines = (await t.admin().get('/admin/api/export?format=jsonl')).text
        .trim()
        .split('\n')
        .map((l) => JSON.parse(l));
      expect(lines.find((l) => l.instance_id === 'inv-1').labels.step_checks).toEqual({
        'Sum the line items': 'Wrong',
        'Read the invoice': 'Sound',
      });
      const bob = await t.client().login('bob');
      expect(
        (
          await bob.post('/updateinstance', {
            instance_id: 'inv-1',
            annotations: { 'step_checks:Report the total': 'Sound' },
          })
        ).status,
      ).toBe(200);
      const agreement = (await t.admin().get('/admin/api/agreement')).body.by_schema.step_checks;
      expect(JSON.stringify(agreement)).toMatch(/each item's own/);
    } finally {
      await t.close();
    }
  });

  it('warns that options_from_data is not acted on beside listed options', async () => {
    const t = await startServer({
      items,
      config: { annotation_schemes: [{ ...scheme, options: ['Read the invoice', 'Delete the log'] }] },
    });
    try {
      expect(t.server.services.config.warnings.join('\n')).toMatch(/options_from_data is not acted on/);
    } finally {
      await t.close();
    }
  });
});
