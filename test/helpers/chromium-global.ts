/**
 * vitest globalSetup of the `browser` project: one headless Chromium for the run, its endpoint provided as
 * `chromiumEndpoint`. Each test file connects and opens contexts of its own (fresh cookies and storage), instead
 * of launching a Chromium per file, a second or more each on a loaded machine.
 */
import type { TestProject } from 'vitest/node';
import { chromium, type BrowserServer } from 'playwright-core';
import { CHROMIUM, CHROMIUM_ARGS } from '../../scripts/chromium-launch.mjs';

let server: BrowserServer | undefined;

export async function setup(project: TestProject): Promise<void> {
  server = await chromium.launchServer({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
  project.provide('chromiumEndpoint', server.wsEndpoint());
}

export async function teardown(): Promise<void> {
  await server?.close();
}
