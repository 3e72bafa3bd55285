/**
 * Webhook endpoints with their delivery stats, and a "Send test" button per endpoint that reports what the
 * delivery's first attempt really did (the endpoint answered, refused, timed out), not only that it was queued.
 */
import { useState } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { WebhookEntry } from '../../shared/api/types.js';
import { when } from './section.js';
import { fill, useUiText } from '../../shared/ui-text.js';
import type { UiText } from '../../../../shared/ui-language.js';

interface Delivery {
  event_id: string;
  state: 'pending' | 'delivered' | 'failed';
  next_attempt_at: string | null;
  attempts: { status: number | null; error: string | null }[];
}

/** The network error in words, with the system's own code kept for searching. */
const reason = (words: UiText, error: string) => {
  const known: [RegExp, string][] = [
    [/ECONNREFUSED/, words.admin_refused],
    [/ENOTFOUND|EAI_AGAIN/, words.admin_host_not_found],
    [/ETIMEDOUT|timed? ?out|abort/i, words.admin_timed_out],
    [/ECONNRESET/, words.admin_dropped],
  ];
  const hit = known.find(([re]) => re.test(error));
  return hit ? `${hit[1]} — ${error}` : error;
};

const WAIT_MS = 20_000;
const POLL_MS = 250;

/** Waits for the first attempt at the test event's delivery and says how it went. */
async function outcome(words: UiText, endpoint: string, eventId: string): Promise<{ text: string; ok: boolean }> {
  const until = Date.now() + WAIT_MS;
  while (Date.now() < until) {
    const { deliveries } = await api.adminGet<{ deliveries: Delivery[] }>(
      `/admin/api/webhooks/deliveries?endpoint=${encodeURIComponent(endpoint)}&limit=20`,
    );
    const d = deliveries.find((x) => x.event_id === eventId);
    const first = d?.attempts[0];
    if (d && first) {
      if (d.state === 'delivered')
        return { text: fill(words.admin_delivered, { status: first.status ?? 'OK' }), ok: true };
      const why = first.error
        ? reason(words, first.error)
        : first.status
          ? fill(words.admin_endpoint_answered, { status: first.status })
          : words.admin_no_answer;
      const retry =
        d.state === 'pending' && d.next_attempt_at
          ? ` ${fill(words.admin_retrying_at, { when: when(d.next_attempt_at) })}`
          : '';
      return { text: `${fill(words.admin_not_delivered, { why })}${retry}`, ok: false };
    }
    await new Promise((r) => setTimeout(r, POLL_MS));
  }
  return { text: fill(words.admin_test_queued, { id: eventId }), ok: false };
}

export function WebhooksTable({ endpoints, onSent }: { endpoints: WebhookEntry[]; onSent: () => void }) {
  const words = useUiText();
  const [note, setNote] = useState<{ name: string; text: string; ok: boolean } | null>(null);
  if (!endpoints.length) return <p className="muted">{words.admin_no_webhooks}</p>;
  const test = async (name: string) => {
    setNote({ name, text: words.admin_sending, ok: true });
    try {
      const r = await api.adminPost<{ status: string; event_id: string }>('/admin/api/webhooks/test', {
        endpoint_name: name,
      });
      setNote({ name, ...(await outcome(words, name, r.event_id)) });
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
            <th scope="col">{words.admin_th_endpoint}</th>
            <th scope="col">{words.admin_th_events}</th>
            <th scope="col">{words.admin_th_active}</th>
            <th scope="col">{words.admin_th_emitted}</th>
            <th scope="col">{words.admin_th_delivered}</th>
            <th scope="col">{words.admin_th_not_delivered}</th>
            <th scope="col">{words.admin_th_retrying}</th>
            <th scope="col">{words.admin_th_last_success}</th>
            <th scope="col">{words.admin_th_last_error}</th>
            <th scope="col">
              <span className="visually-hidden">{words.admin_th_test}</span>
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
              <td>{w.active ? words.admin_yes : words.admin_no}</td>
              <td>{w.stats.total_emitted}</td>
              <td>{w.stats.total_delivered ?? '—'}</td>
              <td>{w.stats.total_failed}</td>
              <td>{w.stats.pending_retries}</td>
              <td>{when(w.stats.last_success)}</td>
              <td className="small">{w.stats.last_error ?? '—'}</td>
              <td>
                <button type="button" onClick={() => void test(w.name)}>
                  {words.admin_send_test}
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
