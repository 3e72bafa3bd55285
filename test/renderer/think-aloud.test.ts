/**
 * Think-aloud in headless Chromium with a fake microphone (--use-fake-device-for-media-stream): the record button
 * records chunks with MediaRecorder and sends them as audio to a real speech-to-text server on 127.0.0.1; a label
 * said in a set phrasing is selected in the form and saved on submit, and Stop ends the recording. Off: no button.
 */
import { describe, expect, test } from 'vitest';
import { startRig } from './browser.js';
import { startSttServer } from '../helpers/stt-server.js';

const items = [
  { id: 'm1', text: 'Bring the charts to the review.' },
  { id: 'm2', text: 'As I said twice, the form was due Monday.' },
];
const schemes = [{ annotation_type: 'radio', name: 'politeness', labels: ['Polite', 'Neutral', 'Impolite'] }];

describe('think-aloud, in the browser', () => {
  test('recorded speech is transcribed, and a label said aloud is chosen and saved', async () => {
    const stt = await startSttServer();
    stt.reply = () => ({ text: 'no greeting at all, I label this impolite' });
    const rig = await startRig({
      items,
      config: {
        annotation_schemes: schemes,
        thinkaloud: { enabled: true, base_url: stt.url, chunk_seconds: 1, require_spoken_label: false },
      },
    });
    await rig.t.client().login('tara', 'tara-secret-1');
    const page = await rig.signedIn('tara', 'tara-secret-1', '/');
    await page.getByTestId('instance-text').waitFor();
    const pill = page.getByRole('region', { name: 'Think aloud' });
    await pill.getByRole('button', { name: '🎤 Think aloud' }).click();
    await pill.getByText('Heard: Impolite ✓').waitFor();
    expect(await page.getByRole('radio', { name: /Impolite/ }).isChecked()).toBe(true);
    await pill.getByRole('button', { name: '■ Stop thinking aloud' }).click();
    await pill.getByRole('button', { name: '🎤 Think aloud' }).waitFor();

    // what reached the model: recorded audio from the browser's MediaRecorder
    expect(stt.calls.length).toBeGreaterThan(0);
    expect(stt.calls[0].file?.type).toMatch(/^audio\/webm/);
    expect(stt.calls[0].file?.bytes.length).toBeGreaterThan(100);

    // the focus leaves the button (where Enter would press it) for the page, where Enter submits
    await page.getByTestId('instance-text').click();
    await page.keyboard.press('Enter');
    await page.getByTestId('instance-text').getByText('As I said twice').waitFor();
    // the page moves on while the save is under way: the server has it soon after
    await expect
      .poll(async () => (await rig.t.admin().get('/admin/user_state/tara')).body.annotations.by_instance.m1)
      .toEqual({ 'politeness:Impolite': 'true' });
    const sessions = (await rig.t.admin().get('/thinkaloud/api/export')).body.sessions;
    expect(sessions[0]).toMatchObject({ annotator: 'tara', instance_id: 'm1', detection: { label: 'Impolite' } });
    expect(rig.foreign).toEqual([]);
    expect(rig.slips).toEqual([]);
  }, 90_000);

  test('require_spoken_label: moving on while recording with no label is held once, with the phrasing shown', async () => {
    const rig = await startRig({
      items: [...items, { id: 'm3', text: 'Thanks so much for the quick reply!' }],
      // Potato's default is on; stt: mock hears nothing from the fake microphone, so no label is ever said
      config: { annotation_schemes: schemes, thinkaloud: { enabled: true, stt: 'mock', chunk_seconds: 1 } },
    });
    await rig.t.client().login('nina', 'nina-secret-1');
    const page = await rig.signedIn('nina', 'nina-secret-1', '/');
    const text = page.getByTestId('instance-text');
    await text.getByText('Bring the charts').waitFor();
    const nudge = page.getByRole('alert').filter({ hasText: 'No label heard yet' });
    const next = page.getByRole('button', { name: /^Next →/ });

    // not recording: Next moves on at once
    await next.click();
    await text.getByText('As I said twice').waitFor();
    await page.getByRole('button', { name: /Previous/ }).click();
    await text.getByText('Bring the charts').waitFor();

    const pill = page.getByRole('region', { name: 'Think aloud' });
    await pill.getByRole('button', { name: '🎤 Think aloud' }).click();
    await pill.getByRole('button', { name: '■ Stop thinking aloud' }).waitFor();
    await next.click();
    await nudge.waitFor();
    expect(await text.getByText('Bring the charts').count()).toBe(1);
    // the second press passes
    await next.click();
    await text.getByText('As I said twice').waitFor();
    expect(await nudge.count()).toBe(0);

    // on the new item the nudge is armed again, from the keyboard's Enter (Submit) too
    await text.click();
    await page.keyboard.press('Enter');
    await nudge.waitFor();
    // a label chosen by hand is never held
    await page.getByRole('radio', { name: /Neutral/ }).check();
    expect(await nudge.count()).toBe(0);
    await page.getByRole('button', { name: /^Submit/ }).click();
    await text.getByText('Thanks so much').waitFor();
    await expect
      .poll(async () => (await rig.t.admin().get('/admin/user_state/nina')).body.annotations.by_instance.m2)
      .toEqual({ 'politeness:Neutral': 'true' });
    await pill.getByRole('button', { name: '■ Stop thinking aloud' }).click();
    expect(rig.foreign).toEqual([]);
    expect(rig.slips).toEqual([]);
  }, 90_000);

  test('off: no record button', async () => {
    const rig = await startRig({ items, config: { annotation_schemes: schemes } });
    await rig.t.client().login('otis', 'otis-secret-1');
    const page = await rig.signedIn('otis', 'otis-secret-1', '/');
    await page.getByTestId('instance-text').waitFor();
    await page
      .getByRole('radio', { name: /Polite/ })
      .first()
      .waitFor();
    expect(await page.getByRole('region', { name: 'Think aloud' }).count()).toBe(0);
  }, 60_000);
});
