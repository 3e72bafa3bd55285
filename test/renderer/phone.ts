/**
 * A phone as the card stack's tests use one: an iPhone's User-Agent, its screen (390 px wide unless `width` says,
 * e.g. 360 for the narrow Androids) and touch, in a context of its own; `userAgent` for another device (an iPad's
 * Safari, which calls itself a Mac).
 */
import type { BrowserRig } from './browser.js';

const IPHONE =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1';

export async function openPhone(
  rig: BrowserRig,
  path: string,
  o: { init?: () => void; width?: number; userAgent?: string } = {},
) {
  const context = await rig.browser.newContext({
    userAgent: o.userAgent ?? IPHONE,
    viewport: { width: o.width ?? 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  if (o.init) await context.addInitScript(o.init);
  const page = await context.newPage();
  page.setDefaultTimeout(20_000);
  await page.goto(`${rig.t.url}${path}`);
  return { context, page };
}

/** A crowd study on the card stack: one radio scheme (tone) and workers signed in by their Prolific ID. */
export const cardStackStudy = (extra: Record<string, unknown> = {}) => ({
  annotation_schemes: [{ annotation_type: 'radio', name: 'tone', labels: ['good', 'bad', 'mixed'] }],
  pocket: { enabled: true },
  login: { type: 'url_direct', url_argument: 'PROLIFIC_PID' },
  ...extra,
});
