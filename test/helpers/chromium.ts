/**
 * The headless Chromium the browser tests drive (Debian's, through playwright-core): the run's shared one when
 * the `browser` project's globalSetup started it, else one launched for the file. Closed with the file either
 * way (for the shared one, that closes this file's contexts and disconnects).
 */
import { inject } from 'vitest';
import { chromium, type Browser } from 'playwright-core';
import { afterFile } from './after-file.js';
import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/chromium-launch.mjs';

declare module 'vitest' {
  export interface ProvidedContext {
    /** the WebSocket endpoint of the run's Chromium (test/helpers/chromium-global.ts) */
    chromiumEndpoint?: string;
  }
}

export async function openBrowser(): Promise<Browser> {
  const endpoint = inject('chromiumEndpoint');
  const browser = endpoint
    ? await chromium.connect(endpoint)
    : await chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  afterFile(() => browser.close());
  return browser;
}
