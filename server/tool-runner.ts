/**
 * What the data tools (`npm run export`, `npm run import`) share: log to stderr, since stdout may carry the data,
 * and end the process with 0, or 1 and one plain line naming the problem.
 */
import { ConfigError, createServer, loadConfig } from './index.js';
import type { Logger } from './domain/ports.js';
import { databaseFromCommandLine } from './storage/open-store.js';

export const stderrLogger: Logger = {
  info: (m) => process.stderr.write(`${m}\n`),
  warn: (m) => process.stderr.write(`warning: ${m}\n`),
  error: (m) => process.stderr.write(`error: ${m}\n`),
};

/**
 * The project a data tool works on, opened as the server would open it but alone (refused while a server runs on
 * the same data) and without the UI: the config file, the data folder or database the command line names.
 */
export async function openProjectAlone(values: { config: string; 'data-dir'?: string; 'database-url'?: string }) {
  return createServer({
    config: loadConfig(values.config),
    dataDir: values['data-dir'],
    database: databaseFromCommandLine(values['database-url']),
    staticDir: null,
    logger: stderrLogger,
    exclusive: true,
  });
}

export function runTool(main: () => Promise<void>): void {
  main().then(
    () => process.exit(0),
    (e: Error) => {
      console.error(`\n${e instanceof ConfigError ? 'config error' : 'error'}: ${e.message}`);
      process.exit(1);
    },
  );
}
