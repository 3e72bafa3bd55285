/**
 * Runs before every test file (vitest.config.ts `setupFiles`), isolated or sharing a worker with other files:
 * the file starts with an empty log and ends by closing what it started (after-file.ts).
 */
import { afterAll } from 'vitest';
import { closeFileResources } from './after-file.js';
import { quietLogger } from './quiet-logger.js';

quietLogger.lines.length = 0;
afterAll(closeFileResources);
