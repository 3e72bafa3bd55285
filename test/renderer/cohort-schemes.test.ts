/**
 * Per-cohort schemes in headless Chromium: alice's cohort binds only the sentiment question, so her page asks only
 * it; bob's binds both, so his asks both.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { allSaved, progress, startRig, type BrowserRig } from './browser.js';
import { openAnnotator } from './annotator-rig.js';

const schemes = [
  { annotation_type: 'radio', name: 'sentiment', description: 'Sentiment', labels: ['poslabel', 'neglabel'] },
  { annotation_type: 'radio', name: 'topic', description: 'Topic', labels: ['alphalabel', 'betalabel'] },
];
const items = [
  { id: '1', text: 'One.' },
  { id: '2', text: 'Two.' },
];

describe("a cohort's page", () => {
  let rig: BrowserRig;
  beforeAll(async () => {
    rig = await startRig({
      items,
      config: {
        annotation_schemes: schemes,
        assignment_strategy: 'batch',
        scheme_sets: { minimal: ['sentiment'] },
        batch_assignment: {
          groups: [
            { name: 'cohortA', annotators: ['alice'], instances: ['1', '2'], schemes: 'minimal' },
            { name: 'cohortB', annotators: ['bob'], instances: ['1', '2'], schemes: ['sentiment', 'topic'] },
          ],
        },
      },
    });
  }, 60_000);

  test("alice's page asks only her cohort's question; bob's asks both", async () => {
    const alice = await openAnnotator(rig, 'alice');
    await alice.page.getByRole('radio', { name: 'poslabel' }).waitFor();
    expect(await alice.page.getByRole('radio', { name: 'alphalabel' }).count()).toBe(0);
    expect(await alice.page.getByText('Topic', { exact: true }).count()).toBe(0);
    // her answer is saved when she moves on: another cohort's question holds nothing back
    await alice.page.getByRole('radio', { name: 'poslabel' }).check();
    await alice.page.keyboard.press('Enter');
    await expect.poll(() => progress(alice.page)).toMatch(/^Instance 2 of 2/);
    await allSaved(alice.page);
    expect((await alice.api.get('/get_annotations?instance_id=1')).body.annotations).toEqual({
      'sentiment:poslabel': 'true',
    });

    const bob = await openAnnotator(rig, 'bob');
    await bob.page.getByRole('radio', { name: 'poslabel' }).waitFor();
    expect(await bob.page.getByRole('radio', { name: 'alphalabel' }).count()).toBe(1);
    expect(rig.slips).toEqual([]);
  }, 60_000);
});
