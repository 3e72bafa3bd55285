/**
 * Search on the largest project: the server is built in this process on its data folder and builds both indexes
 * (every item's text and fields, every stored answer) in the background, from a first search right after its
 * start (a project this large is not indexed unasked); the time until they are ready counts from createServer's
 * return, with a 5 ms timer watching the event loop (the longest gap is how long
 * the build holds up a request). Then queries of one rare word (an item's id), one common word, two words and a
 * label are timed one by one through the service.
 */
import { createServer, loadConfig } from '../server/index.js';
import type { Logger } from '../server/domain/ports.js';

export interface SearchRun {
  size: number;
  annotations: number;
  /** from createServer's return until both indexes are built (in the background) */
  build_ms: number;
  /** the longest the event loop was held while they were built */
  longest_stall_ms: number;
  /** per kind of query: median and slowest of the timed queries, in ms */
  queries: Record<string, { median_ms: number; max_ms: number; hits: number }>;
}

const quiet: Logger = { info() {}, warn() {}, error() {} };

export async function measureSearch(
  configFile: string,
  dataDir: string,
  size: number,
  ids: readonly string[],
): Promise<SearchRun> {
  const server = await createServer({
    config: loadConfig(configFile, {}),
    dataDir,
    logger: quiet,
    staticDir: null,
    env: {},
  });
  try {
    const s = server.services;
    // timed from here: opening the store and composing the services come before and are not the build
    const started = performance.now();
    let last = started;
    let longest = 0;
    const timer = setInterval(() => {
      const now = performance.now();
      longest = Math.max(longest, now - last);
      last = now;
    }, 5);
    await s.search.ready();
    const build_ms = performance.now() - started;
    clearInterval(timer);
    const longest_stall_ms = Math.max(longest, performance.now() - last);
    const text = s.task.instances[0].text.toLowerCase().match(/[a-z]{4,}/g) ?? ['the'];
    const kinds: Record<string, (n: number) => string> = {
      'rare word (an id)': (n) => ids[(n * 7919) % ids.length],
      'common word': (n) => text[n % text.length],
      'two words': (n) => `${text[n % text.length]} ${text[(n + 1) % text.length]}`,
      'a label': () => 'positive',
    };
    const queries: SearchRun['queries'] = {};
    for (const [kind, make] of Object.entries(kinds)) {
      const times: number[] = [];
      let hits = 0;
      for (let n = 0; n < 50; n++) {
        const t0 = performance.now();
        hits = (await s.search.all(make(n), 50)).results.length;
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      queries[kind] = { median_ms: times[times.length >> 1], max_ms: times[times.length - 1], hits };
    }
    return { size, annotations: s.annotations.totalAnnotations(), build_ms, longest_stall_ms, queries };
  } finally {
    await server.close();
  }
}
