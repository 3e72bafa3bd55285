/**
 * Sessions in headless Chromium: the annotate page points at the session-level questions, Potato's /sessions leads
 * to the Sessions screen, the queue shows the caller's progress, answers save as given (a choice chosen again is
 * cleared), everyone's figures show, and what the page saved is read back over HTTP.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import { startRig, type BrowserRig } from './browser.js';

const items = [
  { id: 't1', text: 'first trace of A', session_id: 'A' },
  { id: 't2', text: '<img src=x onerror="document.title=1"> second trace of A', session_id: 'A' },
  { id: 't3', text: 'the only trace of B', metadata: { session_id: 'B' } },
];
const schemes = [
  { annotation_type: 'likert', name: 'quality', description: 'Did the session go well?', size: 5, session_level: true },
  {
    annotation_type: 'multiselect',
    name: 'issues',
    description: 'Issues',
    labels: ['lost', 'wrong'],
    session_level: true,
  },
  { annotation_type: 'text', name: 'why', description: 'Why?', session_level: true },
  { annotation_type: 'radio', name: 'ok', description: 'Trace ok?', labels: ['yes', 'no'] },
];

describe('sessions, in the browser', () => {
  let rig: BrowserRig;
  beforeAll(async () => {
    rig = await startRig({ items, config: { annotation_schemes: schemes, sessions: { enabled: true } } });
  });

  test('from the pointer on the annotate page to a session: answer, clear, read the figures, switch sessions', async () => {
    await rig.t.client().login('ada', 'ada-secret-12');
    const bob = await rig.t.client().login('bob');
    const page = await rig.signedIn('ada', 'ada-secret-12', '/');
    const pointer = page.getByRole('note').filter({ hasText: 'asked once per session' });
    expect(await pointer.innerText()).toContain('quality, issues, why');
    // the per-item form asks only the per-item scheme
    await page.getByRole('radio', { name: 'yes' }).waitFor();
    expect(await page.getByText('Did the session go well?').count()).toBe(0);
    await pointer.getByRole('link', { name: 'Sessions page' }).click();

    const queue = page.getByRole('navigation', { name: 'Sessions' });
    await queue.getByRole('link', { name: /A\s+2 items · 0\/3 scored/ }).waitFor();
    const session = page.getByRole('region', { name: 'Session A' });
    await session.waitFor();
    // item text is shown as text, never as markup
    await session.getByText('<img src=x onerror="document.title=1"> second trace of A').waitFor();
    expect(await page.title()).not.toBe('1');

    const caseId = (await bob.get('/api/sessions')).body.sessions[0].case_id;
    await bob.post(`/api/sessions/${caseId}/annotate`, { schema: 'quality', value: { value: 2 } });
    await session.getByRole('button', { name: '4' }).click();
    await session.getByRole('button', { name: '4', pressed: true }).waitFor();
    await session.getByText('2 annotators · mean 3.00').waitFor();
    await queue.getByRole('link', { name: /A\s+2 items · 1\/3 scored/ }).waitFor();

    await session.getByRole('button', { name: 'lost' }).click();
    await session.getByRole('button', { name: 'lost', pressed: true }).waitFor();
    await session.getByRole('button', { name: 'lost' }).click();
    await session.getByRole('button', { name: 'lost', pressed: false }).waitFor();
    await session.getByRole('textbox', { name: 'Your answer to Why?' }).fill('it went in circles');
    await session.getByRole('textbox', { name: 'Your answer to Why?' }).blur();
    await queue.getByRole('link', { name: /A\s+2 items · 2\/3 scored/ }).waitFor();

    const ada = rig.t.client();
    await ada.login('ada', 'ada-secret-12');
    expect((await ada.get(`/api/sessions/${caseId}`)).body.my_annotations).toEqual({
      quality: { value: 4 },
      why: { value: 'it went in circles' },
    });

    await queue.getByRole('link', { name: /^B/ }).click();
    await page.getByRole('region', { name: 'Session B' }).getByText('the only trace of B').waitFor();
    expect(page.url()).toMatch(/#\/sessions\/s-[\w-]+$/);

    // Potato's page path leads to the screen
    await page.goto(`${rig.t.url}/sessions`);
    await page.getByRole('region', { name: 'Session A' }).waitFor();
    expect(rig.slips).toEqual([]);
  });
});
