/**
 * The UI inside the desktop window (preload bridge `window.marginalia` present) versus a plain browser: the desktop
 * owner gets no "Log out" (there is no password to come back with) and sees the app's version from the bridge.
 */
import { describe, expect, test } from 'vitest';
import { logIn, startRig } from './browser.js';

describe('desktop bridge in the UI', () => {
  test('hides Log out and shows the version only when the bridge exists', async () => {
    const rig = await startRig({ items: [{ id: 'd-1', text: 'Hello.' }] });

    // with allow_all_users the first login registers the user
    await rig.t.client().login('erin', 'erin-pass');
    await rig.t.client().login('frank', 'frank-pass');
    const plain = await rig.open('/');
    await logIn(plain, 'erin', 'erin-pass');
    await plain.getByRole('button', { name: 'Log out' }).waitFor();
    expect(await plain.getByTestId('app-version').count()).toBe(0);

    const desk = await rig.open('/');
    await desk.addInitScript(() => {
      (globalThis as unknown as { marginalia: object }).marginalia = {
        openProject: async () => false,
        revealDataFolder: async () => undefined,
        appVersion: async () => '9.8.7-test',
      };
    });
    await desk.reload();
    await logIn(desk, 'frank', 'frank-pass');
    await desk.getByText('frank').first().waitFor();
    expect(await desk.getByTestId('app-version').innerText()).toBe('v9.8.7-test');
    expect(await desk.getByRole('button', { name: 'Log out' }).count()).toBe(0);
    expect(rig.foreign).toEqual([]);
  });
});
