/**
 * What the agent-trace browser tests share: a rig serving trace items with the given schemes, signed in as an
 * annotator on the annotate page, and readers for the focused step, a scheme's field key and its checked inputs.
 */
import type { Page } from 'playwright-core';
import { openRig, type AnnotatorRig } from './annotator-rig.js';
import type { ProjectSpec } from '../helpers/project.js';

/** Serves `items` with `schemes` and opens the annotate page, waiting for `ready` (a selector) when given. */
export async function openTraceRig(
  items: NonNullable<ProjectSpec['items']>,
  schemes: Record<string, unknown>[],
  ready?: string,
): Promise<AnnotatorRig> {
  const opened = await openRig({ items, config: { annotation_schemes: schemes } });
  if (ready) await opened.page.locator(ready).waitFor();
  return opened;
}

/** The index of the step holding the focus, or null. */
export const focusedStep = (page: Page) =>
  page.evaluate(() => document.activeElement?.closest<HTMLElement>('[data-step]')?.dataset.step ?? null);

/** The key that moves the focus into a scheme's field, as its legend shows it. */
export const fieldKey = (page: Page, scheme: string) =>
  page.locator(`fieldset[data-scheme="${scheme}"] legend .field-key`).innerText();

/** The values checked in one step of a scheme. */
export const checkedIn = (page: Page, scheme: string, step: number) =>
  page
    .locator(`fieldset[data-scheme="${scheme}"] [data-step="${step}"] input:checked`)
    .evaluateAll((els) => els.map((e) => (e as HTMLInputElement).value));
