/**
 * Potato's cot_segmentation: a long reasoning text becomes the step list a process_reward scheme rewards, on the
 * served page, in answers and for items imported into the running project; bad values stop start-up.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { writeProject } from '../../helpers/project.js';
import { startServer } from '../../helpers/server.js';

const reasoning = (n: number) =>
  `Step 1: There are ${n} boxes with 3 pens each.\nStep 2: So there are ${n} x 3 pens.\nStep 3: That is ${n * 3}.`;
const ITEMS = [1, 2].map((n) => ({ id: `c${n}`, question: `How many pens in ${n} boxes?`, reasoning: reasoning(n) }));
const CONFIG = {
  item_properties: { id_key: 'id', text_key: 'question' },
  cot_segmentation: { source_key: 'reasoning', strategy: 'auto', target_key: 'cot_steps' },
  annotation_schemes: [
    { annotation_type: 'process_reward', name: 'prm', steps_key: 'cot_steps', mode: 'per_step', allow_neutral: true },
  ],
};

describe('cot_segmentation', () => {
  it('gives each item its steps, answered and read back over HTTP, also for imported items', async () => {
    const t = await startServer({ items: ITEMS as never, config: CONFIG });
    const c = await t.client().login('ann');
    const current = (await c.get('/api/current_instance')).body;
    expect(current.instance_id).toBe('c1');
    expect(JSON.stringify(current)).toContain('Step 2: So there are 1 x 3 pens.');

    const answer = { mode: 'per_step', steps: [{ index: 2, reward: -1 }] };
    const r = await c.post('/updateinstance', {
      instance_id: 'c1',
      annotations: { 'prm:prm': JSON.stringify(answer) },
    });
    expect(r.status, r.text).toBe(200);
    const read = (await c.get('/get_annotations?instance_id=c1')).body;
    expect(JSON.parse(read.annotations['prm:prm'])).toEqual(answer);
    // three steps were made: a fourth is past the trace
    const past = await c.post('/updateinstance', {
      instance_id: 'c1',
      annotations: { 'prm:prm': JSON.stringify({ mode: 'per_step', steps: [{ index: 3, reward: 1 }] }) },
    });
    expect(past.status).toBe(400);
    expect(past.body.error).toMatch(/step 3 is past the trace \(the item has 3 steps/);

    const content = JSON.stringify({ id: 'c9', question: 'Nine?', reasoning: 'Nine boxes.\n\nSo 27 pens.' });
    const imported = await t.admin().post('/admin/api/import', { content, format: 'jsonl', wait: true });
    expect(imported.status, imported.text).toBe(200);
    const late = await c.post('/updateinstance', {
      instance_id: 'c9',
      annotations: { 'prm:prm': JSON.stringify({ mode: 'per_step', steps: [{ index: 1, reward: 1 }] }) },
    });
    expect(late.status, late.text).toBe(200);
    await t.close();
  });

  it('refuses bad values naming the key, and says what it does with the llm strategy', () => {
    const load = (cot: unknown) =>
      loadConfig(writeProject({ items: ITEMS as never, config: { ...CONFIG, cot_segmentation: cot } }), {});
    expect(() => load({ strategy: 'auto' })).toThrow(/cot_segmentation\.source_key/);
    expect(() => load({ source_key: 'reasoning', strategy: 'paragraphs' })).toThrow(/cot_segmentation\.strategy/);
    expect(() => load({ source_key: 'reasoning', target_key: 'question' })).toThrow(
      /cot_segmentation\.target_key: "question" is the item's id or text field/,
    );
    expect(() => load({ source_key: 'reasoning', max_steps: 0 })).toThrow(/cot_segmentation\.max_steps/);
    const llm = load({ source_key: 'reasoning', strategy: 'llm' });
    expect(llm.warnings.join('\n')).toMatch(/cot_segmentation\.strategy: "llm" .* split with "auto"/);
    expect(llm.task.instances[1].data.cot_steps).toHaveLength(3);
  });
});
