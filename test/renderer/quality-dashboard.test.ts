/**
 * The dashboard's quality-control tables in headless Chromium show what /admin/api/quality_control reports after
 * real answers to attention checks and gold standards.
 */
import { describe, expect, test } from 'vitest';
import { startRig } from './browser.js';
import { sampleItems } from '../helpers/project.js';

const jsonl = (rows: object[]) => rows.map((r) => JSON.stringify(r)).join('\n') + '\n';

describe('dashboard quality control', () => {
  test('shows attention-check standing and gold accuracy per annotator and per item', async () => {
    const rig = await startRig({
      items: sampleItems(4),
      files: {
        'attention.jsonl': jsonl([
          { id: 'attn-1', text: 'Choose negative.', expected_answer: { sentiment: 'negative' } },
        ]),
        'gold.jsonl': jsonl([{ id: 'gold-1', text: 'Loved it.', gold_label: { sentiment: 'positive' } }]),
      },
      config: {
        attention_checks: {
          enabled: true,
          items_file: 'attention.jsonl',
          frequency: 2,
          failure_handling: { warn_threshold: 1, block_threshold: 2 },
        },
        gold_standards: { enabled: true, items_file: 'gold.jsonl', frequency: 2 },
      },
    });
    for (const [name, attention, gold] of [
      ['ann', 'positive', 'positive'],
      ['ben', 'negative', 'neutral'],
    ] as const) {
      const c = await rig.t.client().login(name, `${name}-pass`);
      await c.get('/api/current_instance');
      await c.post('/updateinstance', { instance_id: 'attn-1', annotations: { [`sentiment:${attention}`]: 'true' } });
      await c.post('/updateinstance', { instance_id: 'gold-1', annotations: { [`sentiment:${gold}`]: 'true' } });
    }
    const page = await rig.open('/#/admin/quality');
    await page.getByLabel('Admin API key').fill(rig.t.adminKey);
    await page.getByRole('button', { name: 'Open dashboard' }).click();
    const rows = (label: string) => page.getByRole('table', { name: label }).locator('tbody tr').allInnerTexts();
    await page.getByRole('table', { name: 'Attention checks per annotator' }).waitFor();
    expect((await rows('Attention checks per annotator')).map((r) => r.split('\t'))).toEqual([
      ['ann', '0', '1', 'warned'],
      ['ben', '1', '0', 'fine'],
    ]);
    expect((await rows('Gold standards per annotator')).map((r) => r.split('\t'))).toEqual([
      ['ann', '1', '1', '100%'],
      ['ben', '1', '0', '0%'],
    ]);
    expect((await rows('Gold standards per item')).map((r) => r.split('\t'))).toEqual([['gold-1', '2', '1', '50%']]);
    const qc = (await rig.t.admin().get('/admin/api/quality_control')).body;
    expect(qc.gold_standards.accuracy).toBe(0.5);
  });
});
