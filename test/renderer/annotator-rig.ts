/**
 * The start most annotate-page browser tests share: the real server with a project, the annotator `ann` made over
 * HTTP (her client reads back what the page stored) and her page signed in with the same session (the login form
 * has tests of its own).
 */
import type { Page } from 'playwright-core';
import { startRig, type BrowserRig } from './browser.js';
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
  return { rig, ...(await openAnnotator(rig, 'ann')) };
}

/**
 * Makes the annotator `name` over HTTP and opens the annotate page in a fresh context signed in as them, once their
 * first item is shown; tests with several annotators on one rig call it for each. The page and `api` share the one
 * session the registration made (the password is hashed once); logging out on either ends it for both.
 */
export async function openAnnotator(
  rig: BrowserRig,
  name: string,
  viewport?: { width: number; height: number },
): Promise<{ page: Page; api: Client }> {
  const api = await rig.t.client().login(name, PASSWORD);
  const page = await rig.sharingSession(api, '/', viewport);
  await page.getByTestId('instance-text').waitFor();
  return { page, api };
}
