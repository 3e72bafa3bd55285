/**
 * `npm run repair -- --data-dir dir`: sets damaged data aside so a data folder that refuses to start (a journal
 * record, a pack block or the snapshot failed its checksum) starts again from the rest. The folder is copied next
 * to itself first; what was damaged goes to a quarantine file in the folder, and each piece set aside is printed.
 * Run it while the server is stopped (it takes the folder's lock like a server does).
 */
import { parseArgs } from 'node:util';
import { PACKED_TABLES } from './index.js';
import { JournalStore } from './storage/journal-store.js';
import { describeLoss, repairFolder } from './storage/repair.js';
import { runTool, stderrLogger } from './tool-runner.js';

const USAGE = 'usage: npm run repair -- --data-dir dir';

async function main(): Promise<void> {
  const { values } = parseArgs({ options: { 'data-dir': { type: 'string' }, help: { type: 'boolean', short: 'h' } } });
  const dir = values['data-dir'];
  if (values.help || !dir) {
    console.error(USAGE);
    process.exit(values.help ? 0 : 2);
  }
  const report = await repairFolder(dir);
  process.stderr.write(`copied the folder as it was to ${report.backup}\n`);
  for (const file of report.rewritten) process.stderr.write(`wrote ${file} anew from its sound rows\n`);
  if (!report.records.length)
    process.stderr.write(report.rewritten.length ? 'no row was lost\n' : 'nothing damaged found\n');
  else {
    process.stderr.write(
      `set ${report.records.length} damaged record(s) aside in ${report.quarantine}; these changes are lost:\n`,
    );
    for (const r of report.records) process.stderr.write(`  ${describeLoss(r)}\n`);
  }
  // the proof: the folder starts as a server would open it
  const store = await JournalStore.open(dir, { logger: stderrLogger, packed: PACKED_TABLES });
  await store.close();
  process.stderr.write(`${dir} starts again\n`);
}

runTool(main);
