import { defineConfig } from 'vitest/config';
import { DurationSequencer } from './test/helpers/duration-sequencer.js';
import { TimelineReporter } from './test/helpers/timeline-reporter.js';

/** Suites that also run against a PostgreSQL-backed server (the `postgres` project, MARGINALIA_TEST_STORE=postgres). */
export const POSTGRES_HTTP_SUITES = [
  'annotation',
  'admin',
  'assignment-batches',
  'batch-assignment',
  'quality',
  'phases',
  'webhooks',
  'data',
  'structures',
  'span-ids',
  'item-notes',
  'adjudication',
  'item-time',
  'active-learning',
  'process-logging',
  'potato-user-states',
  'annotator-dashboard',
  'review',
  'codebook',
  'truth-serum',
  'boundary',
  'think-aloud',
  'judge-calibration',
  'traces',
  'ibws',
  'event-registry',
  'automation',
  'admin-accounts',
  'crowd',
  'desktop-login',
  'session-middleware',
  'search-claim',
  'skips',
  'annotate-step',
  'eval-admin',
  'phase-back',
  'phase-trail',
  'potato-submission',
  'potato-admin',
  'rooms',
  'memos',
  'datasets',
  'session-scoring',
  'predictions',
  'turn-level',
  'span-target-fields',
  'icl',
  'judge-alignment',
].map((s) => `test/server/http/${s}.test.ts`);

/** Files that drive the UI in headless Chromium (the `browser` project). */
const BROWSER_SUITES = ['test/renderer/**/*.test.ts', 'test/electron/sign-in-browser.test.ts'];

export default defineConfig({
  test: {
    testTimeout: 30_000,
    hookTimeout: 60_000,
    // expect.poll returns as soon as what it waits for is true; its default of 1 s failed waits for a save or a
    // page change that a machine under load took longer for (unsaved-work's "All answers saved", once)
    expect: { poll: { timeout: 10_000 } },
    pool: 'forks',
    // a 2-core machine: more workers only fight over the disk and the CPU
    maxWorkers: 2,
    // a worker's test files share its loaded modules: importing the server afresh for every file was a quarter of
    // the suite's time. Tests keep their state in their own servers and folders, and file-setup.ts closes what
    // each file started when it ends and empties the shared test log before the next one
    isolate: false,
    setupFiles: ['test/helpers/file-setup.ts'],
    // longest files first, from the durations last measured, so the two workers end together
    sequence: { sequencer: DurationSequencer },
    // VITEST_TIMELINE=<file>: when each file ran, for scripts/file-durations.mjs (durations, each worker's timeline)
    reporters: process.env.VITEST_TIMELINE
      ? ['default', new TimelineReporter(process.env.VITEST_TIMELINE)]
      : ['default'],
    // dist/ up to date before any file starts: child servers and the CLIs run from it, the browser tests serve its UI
    globalSetup: ['test/helpers/build-global.ts'],
    projects: [
      {
        extends: true,
        test: {
          name: 'main',
          include: ['test/**/*.test.ts', 'test/**/*.test.tsx'],
          exclude: ['test/**/postgres/**', ...BROWSER_SUITES, '**/node_modules/**'],
        },
      },
      {
        // one headless Chromium for the run (test/helpers/chromium-global.ts); each file opens its own contexts
        extends: true,
        test: {
          name: 'browser',
          include: BROWSER_SUITES,
          globalSetup: ['test/helpers/chromium-global.ts'],
        },
      },
      {
        // a throwaway PostgreSQL for the run (test/helpers/postgres.ts): the store's own tests and HTTP suites again
        extends: true,
        test: {
          name: 'postgres',
          include: ['test/**/postgres/**/*.test.ts', ...POSTGRES_HTTP_SUITES],
          globalSetup: ['test/helpers/postgres-global.ts'],
          env: { MARGINALIA_TEST_STORE: 'postgres' },
        },
      },
    ],
  },
});
