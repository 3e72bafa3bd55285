/**
 * Webhook endpoints with their delivery stats, and a "Send test" button per endpoint that reports what the
 * delivery's first attempt really did (the endpoint answered, refused, timed out), not only that it was queued.
 */
import { useState } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { WebhookEntry } from '../../shared/api/types.js';
import { when } from './section.js';

interface Delivery {
  event_id: string;
  state: 'pending' | 'delivered' | 'failed';
  next_attempt_at: string | null;
  attempts: { status: number | null; error: string | null }[];
}

/** The network error in words, with the system's own code kept for searching. */
const reason = (error: string) => {
  const known: [RegExp, string][] = [
    [/ECONNREFUSED/, 'the connection was refused (is the receiver running?)'],
    [/ENOTFOUND|EAI_AGAIN/, 'the host name was not found'],
    [/ETIMEDOUT|timed? ?out|abort/i, 'the endpoint did not answer in time'],
    [/ECONNRESET/, 'the connection was dropped'],
  ];
  const hit = known.find(([re]) => re.test(error));
  return hit ? `${hit[1]} — ${error}` : error;
};

const WAIT_MS = 20_000;
const POLL_MS = 250;

/** Waits for the first attempt at the test event's delivery and says how it went. */
async function outcome(endpoint: string, eventId: string): Promise<{ text: string; ok: boolean }> {
  const until = Date.now() + WAIT_MS;
  while (Date.now() < until) {
    const { deliveries } = await api.adminGet<{ deliveries: Delivery[] }>(
      `/admin/api/webhooks/deliveries?endpoint=${encodeURIComponent(endpoint)}&limit=20`,
    );
    const d = deliveries.find((x) => x.event_id === eventId);
    const first = d?.attempts[0];
    if (d && first) {
      if (d.state === 'delivered')
        return { text: `Delivered: the endpoint answered ${first.status ?? 'OK'}.`, ok: true };
      const why = first.error
        ? reason(first.error)
        : first.status
          ? `the endpoint answered ${first.status}`
          : 'no answer';
      const retry = d.state === 'pending' && d.next_attempt_at ? ` Retrying at ${when(d.next_attempt_at)}.` : '';
      return { text: `Not delivered: ${why}.${retry}`, ok: false };
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return { text: `Test event ${eventId} is queued; no attempt has finished yet.`, ok: false };
}

export function WebhooksTable({ endpoints, onSent }: { endpoints: WebhookEntry[]; onSent: () => void }) {
  const [note, setNote] = useState<{ name: string; text: string; ok: boolean } | null>(null);
  if (!endpoints.length) return <p className="muted">No webhook endpoints are configured.</p>;
  const test = async (name: string) => {
    setNote({ name, text: 'Sending…', ok: true });
    try {
      const r = await api.adminPost<{ status: string; event_id: string }>('/admin/api/webhooks/test', {
        endpoint_name: name,
      });
      setNote({ name, ...(await outcome(name, r.event_id)) });
      onSent();
    } catch (e) {
      setNote({ name, text: errorText(e), ok: false });
    }
  };
  return (
    <div className="table-wrap">
      <table data-testid="webhooks-table">
        <thead>
          <tr>
            <th scope="col">Endpoint</th>
            <th scope="col">Events</th>
            <th scope="col">Active</th>
            <th scope="col">Emitted</th>
            <th scope="col">Delivered</th>
            <th scope="col">Failed</th>
            <th scope="col">Retrying</th>
            <th scope="col">Last success</th>
            <th scope="col">Last error</th>
            <th scope="col">
              <span className="visually-hidden">Test</span>
            </th>
          </tr>
        </thead>
        <tbody>
          {endpoints.map((w) => (
            <tr key={w.name}>
              <th scope="row">
                {w.name}
                <div className="muted small">{w.url}</div>
              </th>
              <td>{w.events.join(', ')}</td>
              <td>{w.active ? 'yes' : 'no'}</td>
              <td>{w.stats.total_emitted}</td>
              <td>{w.stats.total_delivered ?? '—'}</td>
              <td>{w.stats.total_failed}</td>
              <td>{w.stats.pending_retries}</td>
              <td>{when(w.stats.last_success)}</td>
              <td className="small">{w.stats.last_error ?? '—'}</td>
              <td>
                <button type="button" onClick={() => void test(w.name)}>
                  Send test
                </button>
                {note?.name === w.name && (
                  <div className={note.ok ? 'small' : 'small bad'} role="status">
                    {note.text}
                  </div>
                )}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
