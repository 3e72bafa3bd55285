/**
 * The trace webhook under kill -9: traces are pushed concurrently and the child server (the CLI) is killed with
 * SIGKILL while more are in flight. After a restart on the same data folder every trace that was answered 200 is
 * an item annotators get; sending every trace again (what a client does that never got its answer) adds each
 * missing one once and answers the stored ones as duplicates.
 */
import { describe, expect, it } from 'vitest';
import { spawnServer } from '../helpers/server.js';
import { Client } from '../helpers/client.js';
import { writeProject, sampleItems } from '../helpers/project.js';
import { tempDir } from '../helpers/temp-dir.js';

const KEY = 'trace-crash-key';
const trace = (n: number) => ({
  id: `crash-${n}`,
  task_description: `Trace ${n}`,
  steps: [{ type: 'thought', thought: `step of trace ${n}` }],
});

describe('trace webhook across kill -9', () => {
  it('loses no acknowledged trace and makes none twice', { timeout: 90_000 }, async () => {
    const config = writeProject({
      items: sampleItems(3),
      config: { trace_ingestion: { enabled: true, api_key: KEY } },
    });
    const args = ['--config', config, '--data-dir', tempDir('marginalia-trace-crash-')];
    const first = await spawnServer(args);
    const sender = new Client(first.url, { authorization: `Bearer ${KEY}` });
    const acked = new Set<string>();
    const TOTAL = 120;
    // four senders in parallel; the kill comes once 30 are acknowledged, with the rest in flight or unsent
    let next = 0;
    let killed: Promise<unknown> | undefined;
    const senders = Array.from({ length: 4 }, async () => {
      while (next < TOTAL) {
        const n = next++;
        const r = await sender.post('/api/traces/webhook', trace(n)).catch(() => undefined);
        if (r?.status === 200) acked.add(r.body.trace_id as string);
        if (acked.size >= 30 && !killed) killed = first.kill('SIGKILL');
      }
    });
    await Promise.all(senders);
    await killed;
    expect(acked.size).toBeGreaterThanOrEqual(30);
    expect(acked.size).toBeLessThan(TOTAL);

    const second = await spawnServer(args);
    try {
      const reader = await new Client(second.url).login('after-crash');
      for (const id of acked) {
        const at = await reader.post('/go_to', { go_to: id });
        expect(at.status, id).toBe(200);
        expect(at.body.instance_id).toBe(id);
      }
      const again = new Client(second.url, { 'x-api-key': KEY });
      for (let n = 0; n < TOTAL; n++) {
        const r = await again.post('/api/traces/webhook', trace(n));
        expect(r.status).toBe(200);
        if (acked.has(r.body.trace_id as string)) expect(r.body.duplicate, r.body.trace_id).toBe(true);
      }
      const total = (await (await new Client(second.url).login('counter')).get('/api/current_instance')).body
        .total_instances;
      expect(total).toBe(3 + TOTAL);
    } finally {
      await second.kill('SIGKILL');
    }
  });
});
