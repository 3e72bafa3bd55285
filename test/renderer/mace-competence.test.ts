/** The agreement panel's annotator competence table (MACE) in headless Chromium, before and after a run. */
import { beforeAll, describe, expect, test } from 'vitest';
import { startRig, type BrowserRig } from './browser.js';

const ITEMS = Array.from({ length: 6 }, (_, i) => ({ id: `r${i + 1}`, text: `Review ${i + 1}` }));
const TRUTH = ['positive', 'negative', 'neutral', 'positive', 'negative', 'neutral'];

let rig: BrowserRig;

describe('annotator competence on the dashboard', () => {
  beforeAll(async () => {
    rig = await startRig({
      items: ITEMS,
      config: {
        annotation_schemes: [
          { annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative', 'neutral'] },
        ],
        mace: { enabled: true, trigger_every_n: 1000, min_annotations_per_item: 3, min_items: 3 },
      },
    });
    // two annotators who give the truth, one who always says "positive"
    const answers: Record<string, string[]> = { ana: TRUTH, bo: TRUTH, cy: TRUTH.map(() => 'positive') };
    for (const [name, labels] of Object.entries(answers)) {
      const c = await rig.t.client().login(name, `${name}-password`);
      for (const [i, item] of ITEMS.entries()) {
        const r = await c.post('/updateinstance', {
          instance_id: item.id,
          annotations: { [`sentiment:${labels[i]}`]: labels[i] },
        });
        expect(r.status).toBe(200);
      }
    }
  });

  test('says it has not run, then shows each annotator, least trusted first', async () => {
    const page = await rig.open('/#/admin/agreement');
    await page.getByLabel('Admin API key').fill(rig.t.adminKey);
    await page.getByRole('button', { name: 'Open dashboard' }).click();
    await page.getByText('Not estimated yet').waitFor();

    const run = await rig.t.admin().post('/admin/api/mace/trigger');
    expect(run.body).toMatchObject({ status: 'success', schemas: ['sentiment'] });
    await page.getByRole('button', { name: 'Refresh' }).click();
    const table = page.getByRole('table', { name: 'Annotator competence (MACE)' });
    await table.waitFor();
    expect(await table.locator('thead th').allInnerTexts()).toEqual(['Annotator', 'sentiment', 'Average']);
    const rows = await table
      .locator('tbody tr')
      .evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('th, td')].map((c) => c.textContent)));
    expect(rows.map((r) => r[0])).toEqual(['cy', expect.stringMatching(/ana|bo/), expect.stringMatching(/ana|bo/)]);
    const competence = (await rig.t.admin().get('/admin/api/mace/overview')).body.annotator_competence;
    for (const [user, sentiment, average] of rows) {
      expect(sentiment).toBe(competence[user!].per_schema.sentiment.toFixed(2));
      expect(average).toBe(competence[user!].average.toFixed(2));
    }
    expect(Number(rows[0][2])).toBeLessThan(Number(rows[1][2]));
  });
});
