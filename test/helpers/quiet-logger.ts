import type { Logger } from '../../server/domain/ports.js';

/** A logger that keeps the lines for tests to read; emptied before each test file (`file-setup.ts`). */
export const quietLogger: Logger & { lines: string[] } = {
  lines: [],
  info(m) {
    this.lines.push(m);
  },
  warn(m) {
    this.lines.push(m);
  },
  error(m) {
    this.lines.push(m);
  },
};
