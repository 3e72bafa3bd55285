/** Webhook endpoints with their delivery stats, and a "Send test" button per endpoint. */
import { useState } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { WebhookEntry } from '../../shared/api/types.js';
import { when } from './section.js';

export function WebhooksTable({ endpoints, onSent }: { endpoints: WebhookEntry[]; onSent: () => void }) {
  const [note, setNote] = useState<{ name: string; text: string; ok: boolean } | null>(null);
  if (!endpoints.length) return <p className="muted">No webhook endpoints are configured.</p>;
  const test = async (name: string) => {
    setNote({ name, text: 'Sending…', ok: true });
    try {
      const r = await api.adminPost<{ status: string; event_id: string }>('/admin/api/webhooks/test', { endpoint_name: name });
      setNote({ name, text: `Test event ${r.event_id} sent.`, ok: true });
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
