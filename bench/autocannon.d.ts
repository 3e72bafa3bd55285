/** The part of autocannon's API the benchmark uses (the package ships no types). */
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  interface Request {
    method?: string;
    path?: string;
    headers?: Record<string, string>;
    body?: string;
    setupRequest?: (req: Record<string, unknown>, context: Record<string, unknown>) => Record<string, unknown>;
  }

  interface Options {
    url: string;
    connections?: number;
    pipelining?: number;
    duration?: number;
    amount?: number;
    timeout?: number;
    requests?: Request[];
  }

  function autocannon(options: Options, done: (err: Error | null, result: unknown) => void): EventEmitter;
  export default autocannon;
}
