/**
 * A crowd worker who opens a link-signed study (url_direct) without the link's ID, in headless Chromium: the page
 * says to open the study again from the platform and names the missing parameter, as Potato's page does, above
 * the staff's login form; a password project's login page says nothing of the kind.
 */
import { describe, expect, test } from 'vitest';
import { startRig } from './browser.js';
import { axeViolations, failing } from './axe.js';

const items = [{ id: 'a', text: 'Lovely.' }];
const schemes = [{ annotation_type: 'radio', name: 'feel', labels: ['good', 'bad'] }];

describe('the login page of a study signed in from its link', () => {
  test('tells a worker without the ID where to open the study again', async () => {
    const rig = await startRig({
      items,
      config: { annotation_schemes: schemes, login: { type: 'url_direct', url_argument: 'PROLIFIC_PID' } },
    });
    const page = await rig.open('/');
    const note = page.getByTestId('study-link-note');
    await note.waitFor();
    expect(await note.innerText()).toBe(
      'This study is opened from its link on Prolific, which signs you in (the address carries your PROLIFIC_PID). ' +
        "Open it again from there; the form below is for the project's staff.",
    );
    expect(await page.getByRole('note').count()).toBe(1);
    expect(failing(await axeViolations(page))).toEqual([]);
    expect(rig.slips).toEqual([]);
  }, 60_000);

  test('says nothing of a link on a password project', async () => {
    const rig = await startRig({ items, config: { annotation_schemes: schemes } });
    const page = await rig.open('/');
    await page.getByLabel('Password').waitFor();
    expect(await page.getByTestId('study-link-note').count()).toBe(0);
  }, 60_000);
});
