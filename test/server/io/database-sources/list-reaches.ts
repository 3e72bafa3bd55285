/** Polling for the database-source tests: rows come in on the source's own schedule, not on a request. */
import type { Client } from '../../../helpers/client.js';

/** Waits until the annotator's list holds `n` instances (a poll has run); the count reached when `ms` ran out. */
export async function listReaches(c: Client, n: number, ms = 20_000): Promise<number> {
  const until = Date.now() + ms;
  let total = 0;
  while (Date.now() < until) {
    total = (await c.get('/api/current_instance')).body.total_instances;
    if (total >= n) return total;
    await new Promise((r) => setTimeout(r, 100));
  }
  return total;
}

/**
 * The source's status once the poll under way has finished: a list can show new rows a moment before the poll
 * that added them counts them, so status checks ask for one more poll, which runs after the one in flight.
 */
export async function settledStatus(admin: Client, sourceId: string): Promise<Record<string, unknown>> {
  const polled = await admin.post(`/admin/api/data_sources/${sourceId}/live/poll`, {});
  if (polled.status !== 200) throw new Error(`poll-now answered ${polled.status}: ${JSON.stringify(polled.body)}`);
  return polled.body;
}
