/**
 * The dashboard's Data panel in headless Chromium: an export downloaded with the admin key (never in a URL) is
 * byte for byte the API's export, and an instance file imported from the page shows its progress and adds the
 * instances to the running project; a malformed file is refused naming its line, adding nothing.
 */
import { describe, expect, test } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { startRig } from './browser.js';
import { sampleItems } from '../helpers/project.js';
import { tempDir } from '../helpers/temp-dir.js';

describe('dashboard data panel', () => {
  test('downloads exports and imports instance files with progress', async () => {
    const rig = await startRig({ items: sampleItems(3) });
    const alice = await rig.t.client().login('alice', 'alice-pass');
    await alice.post('/updateinstance', {
      instance_id: 'item-1',
      annotations: { 'sentiment:positive': 'true' },
      span_annotations: [{ schema: 'evidence', name: 'pos', start: 0, end: 4 }],
    });

    const page = await rig.open('/#/admin/data');
    await page.getByLabel('Admin API key').fill(rig.t.adminKey);
    await page.getByRole('button', { name: 'Open dashboard' }).click();
    const data = page.getByTestId('section-data');
    await data.waitFor();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      data.getByRole('button', { name: 'Download jsonl' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('annotations.jsonl');
    const saved = join(tempDir('marginalia-download-'), 'export.jsonl');
    await download.saveAs(saved);
    expect(readFileSync(saved, 'utf8')).toBe((await rig.t.admin().get('/admin/api/export?format=jsonl')).text);
    // a button per format the server lists as available: no best–worst scheme here, so none for its scores
    expect(await data.locator('.buttons button').allInnerTexts()).toEqual([
      'Download jsonl',
      'Download csv',
      'Download conll',
      'Download spacy',
      'Download time and answer history',
    ]);

    const dir = tempDir('marginalia-upload-');
    const good = join(dir, 'more.jsonl');
    writeFileSync(
      good,
      [
        { id: 'new-1', text: 'Fresh one.' },
        { id: 'new-2', text: 'Fresh two.' },
      ]
        .map((r) => JSON.stringify(r))
        .join('\n') + '\n',
    );
    await data.locator('input[type=file]').setInputFiles(good);
    await data.getByRole('button', { name: 'Import' }).click();
    await expect.poll(() => data.getByTestId('import-status').innerText()).toBe('Added 2 instances.');
    expect((await rig.t.admin().get('/admin/api/overview')).body.total_items).toBe(5);

    const bad = join(dir, 'broken.jsonl');
    writeFileSync(bad, '{"id": "new-3", "text": "ok"}\n{"id": "new-4", "text": \n');
    await data.locator('input[type=file]').setInputFiles(bad);
    await data.getByRole('button', { name: 'Import' }).click();
    await expect
      .poll(() => data.getByTestId('import-status').innerText())
      .toMatch(/^Import failed, nothing was added: .*:2/);
    expect((await rig.t.admin().get('/admin/api/overview')).body.total_items).toBe(5);
  });

  test('downloads the per-item best–worst scores of a project with a bws scheme', async () => {
    const pool = ['love it', 'fine', 'hate it', 'meh'].map((text, i) => ({ id: `s${i + 1}`, text }));
    const rig = await startRig({
      items: pool,
      config: {
        annotation_schemes: [{ annotation_type: 'bws', name: 'intensity', best_description: 'Most positive?' }],
        bws_config: { tuple_size: 2, num_tuples: 3, seed: 5 },
      },
    });
    const ann = await rig.t.client().login('ann', 'ann-pass');
    const answered = await ann.post('/updateinstance', {
      instance_id: 'bws_tuple_0001',
      annotations: { 'intensity:best': 'A', 'intensity:worst': 'B' },
    });
    expect(answered.status, answered.text).toBe(200);

    const page = await rig.open('/#/admin/data');
    await page.getByLabel('Admin API key').fill(rig.t.adminKey);
    await page.getByRole('button', { name: 'Open dashboard' }).click();
    const data = page.getByTestId('section-data');
    await data.waitFor();
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      data.getByRole('button', { name: 'Download best–worst scores' }).click(),
    ]);
    expect(download.suggestedFilename()).toBe('annotations.bws-scores.csv');
    const saved = join(tempDir('marginalia-download-'), 'scores.csv');
    await download.saveAs(saved);
    const text = readFileSync(saved, 'utf8');
    expect(text).toBe((await rig.t.admin().get('/admin/api/export?format=bws_scores')).text);
    expect(text.split('\n')[0]).toBe('schema,item_id,text,score,best_count,worst_count,appearances,rank');
    expect(text).toMatch(/^intensity,s\d,[^,]+,1,1,0,1,1$/m); // the tuple's best: +1, chosen once in one appearance
    await expect.poll(() => data.getByTestId('export-status').innerText()).toMatch(/^Exported bws_scores/);
  });
});
