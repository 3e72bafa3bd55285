/**
 * What the data tools (`npm run export`, `npm run import`) share: log to stderr, since stdout may carry the data,
 * and end the process with 0, or 1 and one plain line naming the problem.
 */
import { ConfigError } from './index.js';
import type { Logger } from './domain/ports.js';

export const stderrLogger: Logger = {
  info: (m) => process.stderr.write(`${m}\n`),
  warn: (m) => process.stderr.write(`warning: ${m}\n`),
  error: (m) => process.stderr.write(`error: ${m}\n`),
};

export function runTool(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (e: Error) => {
      console.error(`\n${e instanceof ConfigError ? 'config error' : 'error'}: ${e.message}`);
      process.exit(1);
    },
  );
}
