/**
 * A crowdsourced study in headless Chromium, as a worker meets it: the platform's study link signs them in with
 * nothing to type, they annotate their list, see the completion code and are sent back to the platform. The
 * platform is played by a route on the browser context (nothing leaves the machine).
 */
import { describe, expect, test } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { startRig, type BrowserRig, progress } from './browser.js';
import { sampleItems } from '../helpers/project.js';

interface Worker {
  context: BrowserContext;
  /** the study-complete notice's text and its code, recorded by the page the moment it shows them */
  shown: { text: string; code: string }[];
}

/**
 * A browser context whose requests to `platform` land in `visits` and get a small page back. The page leaves for
 * the platform soon after showing the completion code, so it reports the notice itself as it appears: a test on
 * a slow machine would otherwise look for it after the page has gone.
 */
async function workerBrowser(rig: BrowserRig, platform: string, visits: string[]): Promise<Worker> {
  const context = await rig.browser.newContext({ viewport: { width: 1280, height: 800 } });
  await context.route(`${platform}/**`, (route) => {
    visits.push(route.request().url());
    return route.fulfill({ contentType: 'text/html', body: '<h1>Thanks from the platform</h1>' });
  });
  const shown: Worker['shown'] = [];
  await context.exposeBinding(
    'completionShown',
    (_source, text: string, code: string) => void shown.push({ text, code }),
  );
  await context.addInitScript(() => {
    const watch = new MutationObserver(() => {
      const notice = document.querySelector<HTMLElement>('[role="status"][aria-label="Study complete"]');
      const code = notice?.querySelector<HTMLElement>('[data-testid="completion-code"]');
      if (!notice || !code) return;
      watch.disconnect();
      const report = (window as unknown as { completionShown(text: string, code: string): void }).completionShown;
      report(notice.innerText, code.innerText);
    });
    watch.observe(document, { childList: true, subtree: true, characterData: true });
  });
  return { context, shown };
}

/** Annotates every instance of the list with the first label and Enter, as a worker would. */
async function annotateAll(page: Page): Promise<number> {
  await page.getByTestId('instance-text').waitFor();
  const total = Number(/of (\d+)/.exec(await progress(page))![1]);
  for (let i = 0; i < total; i++) {
    await page.keyboard.press('1');
    await page.keyboard.press('Enter');
    if (i < total - 1) await expect.poll(() => progress(page)).toMatch(new RegExp(`^Instance ${i + 2} of`));
  }
  return total;
}

describe('a crowdsourced study, walked in the browser', () => {
  test('Prolific: the study link signs the worker in, the list ends with the code and a redirect, the IDs are exported', async () => {
    const rig = await startRig({
      items: sampleItems(3),
      config: {
        login: { type: 'url_direct', url_argument: 'PROLIFIC_PID' },
        completion_code: 'CXYZ-9',
        auto_redirect_on_completion: true,
        auto_redirect_delay: 1000,
        task_description: 'Say how each review feels.',
        hide_navbar: true,
      },
    });
    const visits: string[] = [];
    const { context, shown } = await workerBrowser(rig, 'https://app.prolific.com', visits);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${rig.t.url}/?PROLIFIC_PID=60aa01bb&STUDY_ID=st-7&SESSION_ID=se-3`);

    // signed in, nothing typed: no login form, the task and its description, no navigation bar
    await page.getByTestId('instance-text').waitFor();
    expect(await page.getByLabel('Password').count()).toBe(0);
    expect(await page.locator('.task-description').innerText()).toBe('Say how each review feels.');
    expect(await page.getByRole('button', { name: /log out/i }).count()).toBe(0);
    expect(await page.getByTestId('completion-code').count()).toBe(0);

    expect(await annotateAll(page)).toBe(3);
    await page.waitForURL('https://app.prolific.com/**');
    expect(shown).toEqual([{ text: expect.stringMatching(/Return to Prolific/), code: 'CXYZ-9' }]);
    expect(visits).toEqual(['https://app.prolific.com/submissions/complete?cc=CXYZ-9']);
    await context.close();

    const rows = (await rig.t.admin().get('/admin/api/export?format=jsonl')).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows).toHaveLength(3);
    for (const row of rows) {
      expect(row.annotator).toBe('60aa01bb');
      expect(row.crowd).toEqual({ provider: 'prolific', worker_id: '60aa01bb', STUDY_ID: 'st-7', SESSION_ID: 'se-3' });
    }
  });

  test("SONA: the survey code signs the participant in, and the finished list sends them to SONA's credit page", async () => {
    const rig = await startRig({
      items: sampleItems(2),
      config: {
        login: { type: 'url_direct' },
        crowdsourcing: {
          provider: 'sona',
          sona: { hostname: 'psych.sona-systems.com', experiment_id: 77, credit_token: 'c0ffee' },
        },
        completion_code: 'SONA-OK',
        auto_redirect_on_completion: true,
        auto_redirect_delay: 500,
      },
    });
    const visits: string[] = [];
    const { context, shown } = await workerBrowser(rig, 'https://psych.sona-systems.com', visits);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    await page.goto(`${rig.t.url}/?sona_code=8f3k2q`);

    expect(await page.getByLabel('Password').count()).toBe(0);
    expect(await annotateAll(page)).toBe(2);
    await page.waitForURL('https://psych.sona-systems.com/**');
    expect(shown).toEqual([{ text: expect.stringMatching(/Return to SONA/), code: 'SONA-OK' }]);
    expect(visits).toEqual([
      'https://psych.sona-systems.com/webstudy_credit.aspx?experiment_id=77&credit_token=c0ffee&survey_code=8f3k2q',
    ]);
    await context.close();
    expect((await rig.t.admin().get('/admin/user_state/8f3k2q')).body.assignments).toMatchObject({
      total: 2,
      annotated: 2,
    });
  });

  test('MTurk: the accepted HIT signs in and the finished worker is sent to MTurk with the assignment', async () => {
    const rig = await startRig({
      items: sampleItems(2),
      config: {
        login: { type: 'url_direct', url_argument: 'workerId' },
        completion_code: 'MT-1',
        auto_redirect_on_completion: true,
        auto_redirect_delay: 500,
      },
    });
    const visits: string[] = [];
    const { context, shown } = await workerBrowser(rig, 'https://workersandbox.mturk.com', visits);
    const page = await context.newPage();
    page.setDefaultTimeout(10_000);
    const submitTo = encodeURIComponent('https://workersandbox.mturk.com');
    await page.goto(`${rig.t.url}/?workerId=A1WORKER&assignmentId=ASG-5&hitId=HIT-2&turkSubmitTo=${submitTo}`);

    expect(await annotateAll(page)).toBe(2);
    await page.waitForURL('https://workersandbox.mturk.com/**');
    expect(shown).toEqual([{ text: expect.stringMatching(/MT-1/), code: 'MT-1' }]);
    expect(visits).toHaveLength(1);
    const sent = new URL(visits[0]!);
    expect(sent.pathname).toBe('/mturk/externalSubmit');
    expect(Object.fromEntries(sent.searchParams)).toMatchObject({ assignmentId: 'ASG-5', completion_code: 'MT-1' });
    await context.close();
  });
});
