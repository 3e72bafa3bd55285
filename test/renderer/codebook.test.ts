/**
 * The codebook in headless Chromium: where a scheme seeds a codebook, the annotate page has a Codebook panel listing
 * each code with its definition and rules; an annotator adds a code there (open mode) or proposes one for an admin
 * (fixed mode), and it is kept on the server. Text from the codebook is shown as text, never as HTML.
 */
import { describe, expect, test } from 'vitest';
import { startRig } from './browser.js';
import { sampleItems } from '../helpers/project.js';

const schemes = [
  { annotation_type: 'multiselect', name: 'themes', description: 'Themes', codebook: true, labels: ['access', 'cost'] },
];

describe('the codebook panel, in the browser', () => {
  test('lists the codes with their prose, and adds a code in open mode', async () => {
    const rig = await startRig({
      items: sampleItems(2),
      config: { annotation_schemes: schemes, codebook_mode: 'open' },
    });
    const lead = await rig.t.client().login('lead');
    const cost = (await lead.get('/api/codebook')).body.codes.find((c: { name: string }) => c.name === 'cost').id;
    await lead.request('PUT', '/api/codebook/blocks', {
      json: {
        code_id: cost,
        base_version: 0,
        blocks: [
          { block_type: 'definition', body_md: 'Money as a <b>barrier</b>' },
          { block_type: 'avoid_when', body_md: 'prices merely mentioned' },
        ],
      },
    });
    await rig.t.client().login('cora', 'cora-secret-1');
    const page = await rig.signedIn('cora', 'cora-secret-1', '/');
    await page.getByTestId('instance-text').waitFor();
    const panel = page.getByRole('region', { name: 'Codebook' });
    await panel.getByRole('button', { name: /^Codebook/ }).click();
    await panel.getByTestId('code').first().waitFor();
    expect(await panel.getByTestId('code').allInnerTexts()).toEqual([
      'access',
      expect.stringMatching(/^cost\s+Definition: Money as a <b>barrier<\/b>\s+Avoid when: prices merely mentioned$/),
    ]);

    await panel.getByLabel('New code').fill('travel time');
    await panel.getByLabel('What it means').fill('Distance to care');
    await panel.getByRole('button', { name: 'Add code' }).click();
    await panel.getByRole('status').filter({ hasText: 'Added “travel time”' }).waitFor();
    await panel.getByRole('button', { name: 'Codebook (3)' }).waitFor();
    expect(await panel.getByTestId('code').last().innerText()).toMatch(/^travel time\s+Distance to care$/);
    const stored = (await lead.get('/api/codebook')).body.codes.find((c: { name: string }) => c.name === 'travel time');
    expect(stored).toMatchObject({ created_by: 'cora', description: 'Distance to care' });
    expect(rig.foreign).toEqual([]);
  }, 60_000);

  test('in fixed mode the new code is a proposal for an admin', async () => {
    const rig = await startRig({ items: sampleItems(2), config: { annotation_schemes: schemes } });
    await rig.t.client().login('dora', 'dora-secret-1');
    const page = await rig.signedIn('dora', 'dora-secret-1', '/');
    await page.getByTestId('instance-text').waitFor();
    const panel = page.getByRole('region', { name: 'Codebook' });
    await panel.getByRole('button', { name: /^Codebook/ }).click();
    await panel.getByLabel('New code').fill('waiting lists');
    await panel.getByRole('button', { name: 'Propose code' }).click();
    await panel.getByRole('status').filter({ hasText: 'an admin will confirm it' }).waitFor();
    const pending = (await rig.t.admin().get('/api/codebook/admin/proposals')).body.proposals;
    expect(pending.map((p: { summary: string; actor: string }) => [p.summary, p.actor])).toEqual([
      ['Add «waiting lists»', 'dora'],
    ]);
  }, 60_000);
});
