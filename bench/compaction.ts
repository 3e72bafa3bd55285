/**
 * Compaction while serving: the store of the largest project is opened in this process and compacted, with a
 * 5 ms timer watching the event loop. The longest gap between ticks is how long a compaction would hold up
 * every request of a running server (it must not block); the total is how long it takes.
 */
import { JournalStore } from '../server/storage/journal-store.js';
import { PACKED_TABLES } from '../server/index.js';

export interface CompactionRun {
  size: number;
  ms: number;
  longest_stall_ms: number;
}

export async function measureCompaction(dataDir: string, size: number): Promise<CompactionRun> {
  const store = await JournalStore.open(dataDir, { packed: PACKED_TABLES });
  try {
    let last = performance.now();
    let longest = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    const started = performance.now();
    last = started;
    await store.compact();
    const ms = performance.now() - started;
    clearInterval(timer);
    longest = Math.max(longest, performance.now() - last);
    return { size, ms, longest_stall_ms: longest };
  } finally {
    await store.close();
  }
}
