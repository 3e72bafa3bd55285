/**
 * Iterative best–worst scaling's round banner in headless Chromium: the annotate page's top bar says which round
 * the project is in, of how many, and how much of the pool is ranked for good, and follows the rounds as answers
 * complete them. A plain BWS project shows no banner.
 */
import { describe, expect, test } from 'vitest';
import type { Client } from '../helpers/client.js';
import { openRig } from './annotator-rig.js';
import { axeViolations, failing } from './axe.js';

const pool = Array.from({ length: 12 }, (_, i) => ({
  id: `p${String(i + 1).padStart(2, '0')}`,
  text: `Phrase ${i + 1}`,
}));
const bws = { annotation_type: 'bws', name: 'rank', description: 'Which is best, which is worst?', tuple_size: 4 };
const ibws = { tuple_size: 4, seed: 7, scoring_method: 'counting', tuples_per_item_per_round: 2, max_rounds: 3 };

/** Answers every tuple the annotator is handed, best the lowest-numbered phrase; how many were answered. */
async function answerAll(api: Client): Promise<number> {
  let n = 0;
  for (;;) {
    const current = (await api.post('/go_to', { action: 'jump_to_unannotated' })).body;
    if (current.annotated) return n;
    const items = [...(current.data._bws_items as { source_id: string; position: string }[])].sort((a, b) =>
      a.source_id.localeCompare(b.source_id),
    );
    const r = await api.post('/updateinstance', {
      instance_id: current.instance_id,
      annotations: { 'rank:best': items[0].position, 'rank:worst': items[items.length - 1].position },
    });
    expect(r.status, r.text).toBe(200);
    n++;
  }
}

describe('iterative BWS round banner', () => {
  test('names the round and the ranked share, and moves on with the rounds', async () => {
    const { page, api } = await openRig({ items: pool, config: { annotation_schemes: [bws], ibws_config: ibws } });
    const banner = page.getByTestId('ibws-round');
    expect(await banner.innerText()).toBe('Round 1 of 3 · 0/12 ranked');
    expect(failing(await axeViolations(page))).toEqual([]);

    // the round's last answer makes round 2 (thirds of four items, each still to be ranked), whose last settles all
    expect(await answerAll(api)).toBe(12);
    await page.reload();
    await expect.poll(() => banner.innerText()).toBe('Round 2 of 3 · 12/12 ranked');
  }, 90_000);

  test('is not shown on a plain BWS project', async () => {
    const { page } = await openRig({ items: pool, config: { annotation_schemes: [bws] } });
    await page.getByRole('button', { name: /Submit/ }).waitFor();
    expect(await page.getByTestId('ibws-round').count()).toBe(0);
  }, 60_000);
});
