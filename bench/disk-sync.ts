/**
 * How long the disk under a project takes to make one small write durable, the way the journal does it (an
 * O_DSYNC write of about one batch's bytes into a file written with zeros ahead). Durable `updateinstance` waits
 * for one such write per batch, and at 8 connections the batches hold ~4 submissions, so a slow shared disk caps
 * the rate whatever the server's CPU: measured beside the rate, it tells a slow disk from slower code.
 */
import { closeSync, constants, openSync, rmSync, writeSync } from 'node:fs';
import { join } from 'node:path';

const BATCH_BYTES = 2400;

/** The median and the 90th percentile of `writes` durable writes in `dir`, in ms. */
export function diskSyncMs(dir: string, writes = 40): { p50_ms: number; p90_ms: number } {
  const file = join(dir, 'bench-disk-sync');
  const fd = openSync(file, constants.O_WRONLY | constants.O_CREAT | constants.O_TRUNC | constants.O_DSYNC);
  try {
    const room = Buffer.alloc(BATCH_BYTES * writes);
    writeSync(fd, room, 0, room.length, 0);
    const batch = Buffer.alloc(BATCH_BYTES, 0x61);
    const took: number[] = [];
    for (let n = 0; n < writes; n++) {
      const started = process.hrtime.bigint();
      writeSync(fd, batch, 0, batch.length, n * BATCH_BYTES);
      took.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    took.sort((a, b) => a - b);
    return { p50_ms: took[Math.floor(writes / 2)], p90_ms: took[Math.floor(writes * 0.9)] };
  } finally {
    closeSync(fd);
    rmSync(file, { force: true });
  }
}
