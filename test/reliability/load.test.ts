/**
 * Fifty annotators submitting at once: no error, no lost write. Latency is reported, not asserted (speed is the
 * benchmark's business). LOAD_SECONDS sets the length: 5 s in CI, 60 s for the full run (`npm run test:load`).
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../helpers/server.js';
import { sampleItems } from '../helpers/project.js';
import type { Client } from '../helpers/client.js';

const SECONDS = Number(process.env.LOAD_SECONDS ?? 5);
const ANNOTATORS = 50;
const LABELS = ['positive', 'negative', 'neutral'];

describe('load', () => {
  it(
    `${ANNOTATORS} annotators submitting concurrently for ${SECONDS} s lose nothing`,
    { timeout: 60_000 + SECONDS * 2000 },
    async () => {
      const t = await startServer({ items: sampleItems(200) });
      const annotators: [string, Client][] = [];
      for (let i = 0; i < ANNOTATORS; i++)
        annotators.push([`load-${i}`, await t.client().login(`load-${i}`, 'load-password')]);
      const last = new Map<string, string>(); // "user instance" → last acknowledged label
      const latencies: number[] = [];
      const errors: string[] = [];
      const until = Date.now() + SECONDS * 1000;
      await Promise.all(
        annotators.map(async ([name, client], n) => {
          for (let k = 0; Date.now() < until; k++) {
            const instance = `item-${1 + ((n * 7 + k) % 200)}`;
            const label = LABELS[(n + k) % 3];
            const started = performance.now();
            const r = await client.post('/updateinstance', {
              instance_id: instance,
              annotations: { [`sentiment:${label}`]: 'true' },
            });
            latencies.push(performance.now() - started);
            if (r.status !== 200) errors.push(`${name} ${instance}: ${r.status} ${r.text}`);
            else last.set(`${name} ${instance}`, label);
          }
        }),
      );
      expect(errors).toEqual([]);
      latencies.sort((a, b) => a - b);
      const q = (p: number) => latencies[Math.min(latencies.length - 1, Math.floor(p * latencies.length))].toFixed(1);
      console.log(
        `load: ${latencies.length} submissions in ${SECONDS} s by ${ANNOTATORS} annotators; p50 ${q(0.5)} ms, p99 ${q(0.99)} ms`,
      );

      // every acknowledged write is stored, also after a restart
      const restarted = await t.restart();
      await Promise.all(
        annotators.map(async ([name, client]) => {
          Object.assign(client, { base: restarted.url });
          for (const [key, label] of last) {
            const [user, instance] = key.split(' ');
            if (user !== name) continue;
            const r = await client.get(`/get_annotations?instance_id=${instance}`);
            expect(r.body.annotations, key).toEqual({ [`sentiment:${label}`]: 'true' });
          }
        }),
      );
      expect(last.size).toBeGreaterThan(ANNOTATORS);
    },
  );
});
