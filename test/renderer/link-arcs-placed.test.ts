/**
 * Where link arcs end, in headless Chromium: on a code field span target (one long line, drawn unwrapped, that
 * scrolls sideways) each end of the arc sits over its span before and after the code is scrolled, and the arcs do
 * not spill past the code's box; between two turns of a dialogue span target the arc runs from one span to the other.
 */
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { openRig } from './annotator-rig.js';
import type { BrowserRig } from './browser.js';
import type { Client } from '../helpers/client.js';

const LINE = `total = compute(${'alpha, '.repeat(40)}zeta)  # one long line`;
const CODE = `${LINE}\nprint(total)\n`;
const TURNS = [
  { speaker: 'Ana', text: 'When does the museum open?' },
  { speaker: 'Ben', text: 'It opens at nine.' },
  { speaker: 'Ana', text: 'Thank you.' },
];
const TALK_TEXT = TURNS.map((t) => t.text).join('\n');
const at = (text: string, words: string) => ({ start: text.indexOf(words), end: text.indexOf(words) + words.length });

const SCHEMES = [
  { annotation_type: 'span', name: 'parts', labels: ['CALL', 'ARG'] },
  { annotation_type: 'span_link', name: 'refs', span_schema: 'parts', link_types: [{ name: 'USES', directed: true }] },
];

let rig: BrowserRig;
let page: Page;
let api: Client;

/** The client positions of an arc's two ends, and the boxes of the marks whose texts are given. */
function ends(arcs: string, field: string, words: readonly string[]) {
  return page.evaluate(
    ({ arcs, field, words }) => {
      const path = document.querySelector<SVGPathElement>(`${arcs} .text-arc path`)!;
      const ctm = path.getScreenCTM()!;
      const point = (length: number) => {
        const p = path.getPointAtLength(length);
        const q = new DOMPoint(p.x, p.y).matrixTransform(ctm);
        return { x: q.x, y: q.y };
      };
      const marks = [...document.querySelectorAll<HTMLElement>(`${field} mark.span-mark`)];
      const boxes = words.map((w) => {
        const r = marks.find((m) => m.textContent === w)!.getBoundingClientRect();
        return { left: r.left, right: r.right, top: r.top, bottom: r.bottom };
      });
      return { from: point(0), to: point(path.getTotalLength()), boxes };
    },
    { arcs, field, words },
  );
}

type Box = { left: number; right: number; top: number; bottom: number };
/** The point is over the box: within its width, and at its top or bottom edge (where arcs leave a span). */
function expectOver(p: { x: number; y: number }, box: Box, what: string) {
  expect(p.x, `${what}: x ${p.x} in ${box.left}..${box.right}`).toBeGreaterThanOrEqual(box.left);
  expect(p.x, `${what}: x ${p.x} in ${box.left}..${box.right}`).toBeLessThanOrEqual(box.right);
  expect(p.y, `${what}: y ${p.y} in ${box.top}..${box.bottom}`).toBeGreaterThanOrEqual(box.top - 4);
  expect(p.y, `${what}: y ${p.y} in ${box.top}..${box.bottom}`).toBeLessThanOrEqual(box.bottom + 4);
}

describe('link arcs over span targets', () => {
  beforeAll(async () => {
    ({ rig, page, api } = await openRig({
      items: [{ id: 'c1', text: 'Review the call.', snippet: CODE, talk: TURNS }],
      config: {
        instance_display: {
          fields: [
            { key: 'text', type: 'text', label: 'Task' },
            { key: 'snippet', type: 'code', label: 'Code', span_target: true, display_options: { language: 'python' } },
            { key: 'talk', type: 'dialogue', label: 'Talk', span_target: true },
          ],
        },
        annotation_schemes: SCHEMES,
      },
    }));
    const r = await api.post('/updateinstance', {
      instance_id: 'c1',
      span_annotations: [
        { schema: 'parts', name: 'CALL', ...at(CODE, 'compute'), target_field: 'snippet', id: 'call' },
        { schema: 'parts', name: 'ARG', ...at(CODE, 'zeta'), target_field: 'snippet', id: 'arg' },
        { schema: 'parts', name: 'CALL', ...at(TALK_TEXT, 'When does'), target_field: 'talk', id: 'ask' },
        { schema: 'parts', name: 'ARG', ...at(TALK_TEXT, 'at nine'), target_field: 'talk', id: 'answer' },
      ],
      link_annotations: [
        { schema: 'refs', link_type: 'USES', span_ids: ['call', 'arg'], direction: 'directed' },
        { schema: 'refs', link_type: 'USES', span_ids: ['answer', 'ask'], direction: 'directed' },
      ],
    });
    expect(r.status, r.text).toBe(200);
    await page.reload();
    await page.locator('[data-span-field="snippet"] mark.span-mark').first().waitFor();
  });
  afterAll(() => expect(rig.slips).toEqual([]));

  test('on a code field, the arc ends over its spans before and after a sideways scroll', async () => {
    const code = '[data-span-field="snippet"]';
    const arcs = '.code-surface [data-testid="link-arcs"]';
    await page.locator(`${arcs} .text-arc`).waitFor();
    const scroller = page.locator(code);
    const wide = await scroller.evaluate((el) => ({ scroll: el.scrollWidth, client: el.clientWidth }));
    expect(wide.scroll).toBeGreaterThan(wide.client * 1.5);

    const before = await ends(arcs, code, ['compute', 'zeta']);
    expectOver(before.from, before.boxes[0], 'compute, unscrolled');
    expectOver(before.to, before.boxes[1], 'zeta, unscrolled');

    await scroller.evaluate((el) => (el.scrollLeft = el.scrollWidth));
    await expect
      .poll(async () => {
        const after = await ends(arcs, code, ['compute', 'zeta']);
        return after.to.x >= after.boxes[1].left && after.to.x <= after.boxes[1].right;
      })
      .toBe(true);
    const after = await ends(arcs, code, ['compute', 'zeta']);
    expectOver(after.from, after.boxes[0], 'compute, scrolled');
    expectOver(after.to, after.boxes[1], 'zeta, scrolled');

    // what is scrolled out of the code's box is not drawn beside it, and the page does not scroll sideways
    const clip = await page.evaluate(
      ({ arcs, code }) => {
        const field = document.querySelector(code)!.getBoundingClientRect();
        // the arc as shown: its path cut by every element around it that clips what overflows it
        const path = document.querySelector(`${arcs} .text-arc path`)!;
        let { left, right } = path.getBoundingClientRect();
        for (let el = path.parentElement; el; el = el.parentElement) {
          if (getComputedStyle(el).overflowX === 'visible') continue;
          const r = el.getBoundingClientRect();
          [left, right] = [Math.max(left, r.left), Math.min(right, r.right)];
        }
        return {
          field: [field.left, field.right],
          shown: [left, right],
          page: [document.documentElement.scrollWidth, document.documentElement.clientWidth],
        };
      },
      { arcs, code },
    );
    expect(clip.shown[0]).toBeGreaterThanOrEqual(clip.field[0] - 1);
    expect(clip.shown[1]).toBeLessThanOrEqual(clip.field[1] + 1);
    expect(clip.page[0]).toBeLessThanOrEqual(clip.page[1]);
  });

  test('between two turns of a dialogue, the arc runs from the one span to the other', async () => {
    const talk = '[data-span-field="talk"]';
    const arcs = '.dialogue-spans [data-testid="field-link-arcs"]';
    await page.locator(`${arcs} .text-arc`).waitFor();
    expect(await page.locator(`${arcs} .text-arc`).getAttribute('data-label')).toBe('USES');
    const drawn = await ends(arcs, talk, ['at nine', 'When does']);
    expectOver(drawn.from, drawn.boxes[0], 'at nine');
    expectOver(drawn.to, drawn.boxes[1], 'When does');
  });
});
