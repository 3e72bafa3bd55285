/**
 * The start most annotate-page browser tests share: the real server with a project, the annotator `ann` made over
 * HTTP (her client reads back what the page stored) and signed in through the login form on the annotate page.
 */
import type { Page } from 'playwright-core';
import { logIn, startRig, type BrowserRig } from './browser.js';
import type { Client } from '../helpers/client.js';

const PASSWORD = 'correct-horse';

export interface AnnotatorRig {
  rig: BrowserRig;
  page: Page;
  /** the same annotator over HTTP, to read what the page stored */
  api: Client;
}

/**
 * Serves the project and opens the annotate page signed in as `ann`, once her first item is shown. `beforeOpen`
 * runs once the browser is up and before the page opens (e.g. to make a file the page will load with it).
 */
export async function openRig(
  spec: Parameters<typeof startRig>[0],
  beforeOpen?: (rig: BrowserRig) => Promise<void>,
): Promise<AnnotatorRig> {
  const rig = await startRig(spec);
  await beforeOpen?.(rig);
  const api = await rig.t.client().login('ann', PASSWORD);
  const page = await rig.open('/');
  await logIn(page, 'ann', PASSWORD);
  await page.getByTestId('instance-text').waitFor();
  return { rig, page, api };
}
