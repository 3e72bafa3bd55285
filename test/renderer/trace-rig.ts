/**
 * What the agent-trace browser tests share: a rig serving trace items with the given schemes, signed in as an
 * annotator on the annotate page, and readers for the focused step, a scheme's field key and its checked inputs.
 */
import type { Page } from 'playwright-core';
import { logIn, startRig, type BrowserRig } from './browser.js';
import type { Client } from '../helpers/client.js';
import type { ProjectSpec } from '../helpers/project.js';

const PASSWORD = 'correct-horse';

export interface TraceRig {
  rig: BrowserRig;
  page: Page;
  /** the same annotator over HTTP, to read what the page stored */
  api: Client;
}

/** Serves `items` with `schemes` and opens the annotate page, waiting for `ready` (a selector) when given. */
export async function openTraceRig(
  items: NonNullable<ProjectSpec['items']>,
  schemes: Record<string, unknown>[],
  ready?: string,
): Promise<TraceRig> {
  const rig = await startRig({ items, config: { annotation_schemes: schemes } });
  const api = await rig.t.client().login('ann', PASSWORD);
  const page = await rig.open('/');
  await logIn(page, 'ann', PASSWORD);
  await page.getByTestId('instance-text').waitFor();
  if (ready) await page.locator(ready).waitFor();
  return { rig, page, api };
}

/** The index of the step holding the focus, or null. */
export const focusedStep = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-step]')?.dataset.step ?? null);

/** The key that moves the focus into a scheme's field, as its legend shows it. */
export const fieldKey = (page: Page, schema: string) =>
  page.locator(`fieldset[data-schema="${schema}"] legend .field-key`).innerText();

/** The values checked in one step of a scheme. */
export const checkedIn = (page: Page, schema: string, step: number) =>
  page
    .locator(`fieldset[data-schema="${schema}"] [data-step="${step}"] input:checked`)
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
