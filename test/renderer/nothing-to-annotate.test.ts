/** The annotate page of someone handed nothing (batch assignment's outsider) says so as a status, not an error. */
import { describe, expect, it } from 'vitest';
import { startRig } from './browser.js';

describe('an annotator with nothing to annotate', () => {
  it("is told they are in none of the project's annotator groups, and a group member gets their items", async () => {
    const rig = await startRig({
      items: [
        { id: 'a1', text: 'First of group A.' },
        { id: 'b1', text: 'Only item of group B.' },
      ],
      config: {
        assignment_strategy: 'batch',
        batch_assignment: { groups: [{ name: 'A', annotators: ['ann'], instances: ['a1'] }] },
      },
    });
    const outsider = await rig.t.client().login('olga', 'correct-horse');
    const page = await rig.sharingSession(outsider, '/');
    const status = page.getByRole('status').filter({ hasText: 'Nothing to annotate' });
    await status.waitFor();
    expect(await status.textContent()).toMatch(/You are in none of this project's annotator groups/);
    expect(await page.getByRole('alert').count()).toBe(0);

    const member = await rig.t.client().login('ann', 'correct-horse');
    const hers = await rig.sharingSession(member, '/');
    await hers.getByTestId('instance-text').waitFor();
    expect(await hers.getByTestId('instance-text').textContent()).toContain('First of group A.');
  });
});
