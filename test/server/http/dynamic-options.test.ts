/**
 * Potato's `dynamic_options` on radio, multiselect and select: an item offers only the labels its
 * `dynamic_options_field` lists, and an answer with another label is a 400 naming it; an item without the field
 * offers them all, and a scheme without `dynamic_options` is not filtered.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { startLlmServer } from '../../helpers/llm-server.js';
import { aiSupportAt } from '../../helpers/model-project.js';

const items = [
  { id: 'i1', text: 'Only a and b here', visible_labels: ['a', 'b'], only: 'c' },
  { id: 'i2', text: 'No list: everything' },
];
const labels = ['a', 'b', 'c'];

describe('dynamic_options', () => {
  it('takes only the labels the item lists, for each choice type', async () => {
    const t = await startServer({
      items,
      config: {
        annotation_schemes: [
          { annotation_type: 'radio', name: 'r', labels, dynamic_options: true },
          { annotation_type: 'multiselect', name: 'm', labels, dynamic_options: true },
          { annotation_type: 'select', name: 's', labels, dynamic_options: true, dynamic_options_field: 'only' },
          { annotation_type: 'radio', name: 'plain', labels, dynamic_options_field: 'only' },
        ],
      },
    });
    try {
      const warnings = t.server.services.config.warnings.join('\n');
      expect(warnings).toMatch(/\(plain\)\.dynamic_options_field is not acted on without dynamic_options: true/);
      expect(warnings).not.toMatch(/\((r|m|s)\)\.dynamic_options/);
      const alice = await t.client().login('alice');
      const send = (id: string, annotations: Record<string, string>) =>
        alice.post('/updateinstance', { instance_id: id, annotations });

      const ok = await send('i1', { 'r:b': 'true', 'm:a': 'true', 'm:b': 'true', 's:c': 'true', 'plain:c': 'true' });
      expect(ok.status).toBe(200);
      for (const [key, field] of [
        ['r:c', 'visible_labels'],
        ['m:c', 'visible_labels'],
        ['s:a', 'only'],
      ]) {
        const r = await send('i1', { [key]: 'true' });
        expect(r.status, key).toBe(400);
        expect(r.body.error).toMatch(
          new RegExp(`"${key.slice(2)}" is not offered for this item \\(its ${field} lists`),
        );
      }
      expect(Object.keys((await alice.get('/get_annotations?instance_id=i1')).body.annotations)).toHaveLength(5);
      expect((await send('i2', { 'r:c': 'true', 'm:c': 'true', 's:a': 'true' })).status).toBe(200);
    } finally {
      await t.close();
    }
  });

  it('leaves the list to the scheme, and does not hold an annotator on a required question whose item offers none', async () => {
    const t = await startServer({
      items: [
        { id: 'e1', text: 'Nothing offered here', visible_labels: [] },
        { id: 'e2', text: 'Offers a', visible_labels: ['a'] },
        { id: 'e3', text: 'Last' },
      ],
      config: {
        annotation_schemes: [
          { annotation_type: 'radio', name: 'r', labels, dynamic_options: true, label_requirement: { required: true } },
        ],
      },
    });
    try {
      const bea = await t.client().login('bea');
      const first = (await bea.get('/api/current_instance')).body;
      expect(first.instance_id).toBe('e1');
      // the list the scheme offers from is the scheme's to show, not another field of the item
      expect(first.display.blocks.map((b: { key: string }) => b.key)).toEqual(['text']);
      const past = await bea.post('/go_to', { action: 'next_instance' });
      expect(past.status).toBe(200);
      expect(past.body.instance_id).toBe('e2');
      const held = await bea.post('/go_to', { action: 'next_instance' }); // e2 offers a label: still required
      expect(held.status).toBe(409);
      expect(held.body.error).toMatch(/r/);
    } finally {
      await t.close();
    }
  });

  it('asks the AI assistant among the offered labels only, and never shows a hidden one', async () => {
    const llm = await startLlmServer();
    // the model answers "c" whatever it is asked: offered on o2, hidden on o1
    llm.reply = () => ({ content: JSON.stringify({ label: 'c', confidence: 0.9, rationale: 'says c' }) });
    const t = await startServer({
      items: [
        { id: 'o1', text: 'Only a or b', visible_labels: ['a', 'b'] },
        { id: 'o2', text: 'Every label' },
      ],
      config: {
        annotation_schemes: [{ annotation_type: 'radio', name: 'r', labels, dynamic_options: true }],
        ai_support: aiSupportAt(llm, 'pick-model'),
      },
    });
    try {
      const cy = await t.client().login('cy');
      const hidden = await cy.get('/get_ai_suggestion?instance_id=o1');
      expect(hidden.status).toBe(200);
      expect(hidden.body.suggestions.r).toMatchObject({ label: null, rationale: /not offered for this item/ });
      const prompt = JSON.stringify(llm.calls.at(-1)!.body.messages);
      expect(prompt).toContain('- a');
      expect(prompt).not.toContain('- c');
      expect((await cy.get('/get_ai_suggestion?instance_id=o2')).body.suggestions.r).toMatchObject({ label: 'c' });
    } finally {
      await t.close();
      await llm.close();
    }
  });
});
