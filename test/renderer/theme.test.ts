/**
 * Light and dark themes in headless Chromium: the system setting is followed, the toggle overrides it (and is
 * remembered on the device), and text on label colours (chosen labels, span marks) keeps a 4.5:1 contrast in both
 * themes, for the palette and for extreme configured colours.
 */
import { beforeAll, describe, expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { signIn, startRig, type BrowserRig } from './browser.js';

const COLORS = ['#000000', '#ffffff', '#ffff00', '#000080', '#ff0000', '#00ffff'];
const SCHEMES = [
  {
    annotation_type: 'multiselect',
    name: 'tone',
    description: 'Tone',
    labels: [...COLORS.map((color, i) => ({ name: `c${i}`, color })), 'palette-a', 'palette-b', 'palette-c'],
  },
  {
    annotation_type: 'span',
    name: 'marks',
    description: 'Marks',
    labels: COLORS.map((color, i) => ({ name: `s${i}`, color })),
  },
];
const TEXT = 'one two three four five six seven eight nine ten eleven twelve';
let rig: BrowserRig;

async function annotator(colorScheme: 'light' | 'dark'): Promise<Page> {
  const context = await rig.browser.newContext({ viewport: { width: 1280, height: 800 }, colorScheme });
  await signIn(context, rig.t.url, 'ann', 'ann-pass-1');
  const page = await context.newPage();
  page.setDefaultTimeout(10_000);
  await page.goto(rig.t.url + '/');
  await page.getByTestId('instance-text').waitFor();
  return page;
}

const theme = (page: Page) => page.evaluate(() => document.documentElement.dataset.theme);
const pageBackground = (page: Page) => page.evaluate(() => getComputedStyle(document.documentElement).backgroundColor);

/** The lowest contrast between text and its background over the label-coloured elements, with the element. */
function lowestContrast(page: Page) {
  return page.evaluate(() => {
    const parse = (c: string): number[] => {
      const rgb = /rgba?\(([^)]+)\)/.exec(c);
      if (rgb) {
        const [r, g, b, a = '1'] = rgb[1].split(/[ ,/]+/).filter(Boolean);
        return [Number(r), Number(g), Number(b), Number(a)];
      }
      const srgb = /color\(srgb ([^)]+)\)/.exec(c);
      if (srgb) {
        const [r, g, b, a = '1'] = srgb[1].split(/[ /]+/).filter(Boolean);
        return [Number(r) * 255, Number(g) * 255, Number(b) * 255, Number(a)];
      }
      throw new Error(`unreadable colour ${c}`);
    };
    const over = (top: number[], under: number[]) => [0, 1, 2].map((i) => top[i] * top[3] + under[i] * (1 - top[3]));
    const luminance = (rgb: number[]) => {
      const [r, g, b] = rgb.map((v) => {
        const s = v / 255;
        return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
      });
      return 0.2126 * r + 0.7152 * g + 0.0722 * b;
    };
    const ratio = (a: number[], b: number[]) => {
      const [x, y] = [luminance(a), luminance(b)].sort((p, q) => q - p);
      return (x + 0.05) / (y + 0.05);
    };
    const page = parse(getComputedStyle(document.documentElement).backgroundColor);
    const results = [...document.querySelectorAll<HTMLElement>('.choice.chosen, mark.span-mark')].map((el) => {
      const background = over(parse(getComputedStyle(el).backgroundColor), page);
      const text = over(parse(getComputedStyle(el).color), background);
      return { what: el.dataset.label ?? el.textContent ?? '', ratio: ratio(text, background) };
    });
    return { count: results.length, lowest: results.sort((a, b) => a.ratio - b.ratio)[0] };
  });
}

describe('themes', () => {
  beforeAll(async () => {
    rig = await startRig({ items: [{ id: 't1', text: TEXT }], config: { annotation_schemes: SCHEMES } });
    const ann = await rig.t.client().login('ann', 'ann-pass-1');
    // every tone chosen and one span of each colour: the page shows them all at once
    const annotations = Object.fromEntries(
      SCHEMES[0].labels.map((l) => [`tone:${typeof l === 'string' ? l : l.name}`, 'true']),
    );
    const words = [...TEXT.matchAll(/\S+/g)];
    const spans = COLORS.map((_, i) => ({
      schema: 'marks',
      name: `s${i}`,
      start: words[i * 2].index!,
      end: words[i * 2].index! + words[i * 2][0].length,
    }));
    expect(
      (await ann.post('/updateinstance', { instance_id: 't1', annotations, span_annotations: spans })).status,
    ).toBe(200);
  });

  test('follows the system setting', async () => {
    const light = await annotator('light');
    const dark = await annotator('dark');
    expect(await theme(light)).toBe('light');
    expect(await theme(dark)).toBe('dark');
    expect(await pageBackground(light)).toBe('rgb(255, 255, 255)');
    expect(await pageBackground(dark)).toBe('rgb(13, 17, 23)');
    // the system changing while the page is open is followed too
    await light.emulateMedia({ colorScheme: 'dark' });
    await expect.poll(() => theme(light)).toBe('dark');
  });

  test('the toggle overrides the system, is remembered on reload, and System returns to it', async () => {
    const page = await annotator('light');
    await page.getByLabel('Theme').selectOption('dark');
    expect(await theme(page)).toBe('dark');
    expect(await pageBackground(page)).toBe('rgb(13, 17, 23)');
    await page.reload();
    await page.getByTestId('instance-text').waitFor();
    expect(await theme(page)).toBe('dark');
    expect(await page.getByLabel('Theme').inputValue()).toBe('dark');
    await page.getByLabel('Theme').selectOption('system');
    expect(await theme(page)).toBe('light');
    expect(await page.evaluate(() => localStorage.getItem('marginalia.theme'))).toBeNull();
  });

  test.each(['light', 'dark'] as const)(
    'text on every label colour keeps 4.5:1 contrast in the %s theme',
    async (scheme) => {
      const page = await annotator(scheme);
      await expect.poll(() => page.locator('mark.span-mark').count()).toBe(COLORS.length);
      const { count, lowest } = await lowestContrast(page);
      expect(count).toBe(SCHEMES[0].labels.length + COLORS.length);
      expect(lowest.ratio, JSON.stringify(lowest)).toBeGreaterThanOrEqual(4.5);
    },
  );
});
