/**
 * Sessions (Potato's /sessions page): the queue of sessions (items sharing a session key) with the caller's
 * progress, and beside it the chosen session's questions, everyone's figures and its items. An answer is saved as
 * soon as it is given; choosing a selected choice again clears it, as on Potato's page.
 */
import { useState } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { SessionDetail, SessionQueue, SessionValue } from '../../shared/api/types.js';
import { useResource } from '../../shared/api/use-resource.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';
import { useHash } from '../../shared/routing/use-hash.js';
import { SessionQuestion } from './session-question.js';
import './sessions.css';

export function SessionsScreen() {
  const hash = useHash();
  const queue = useResource(['sessions'], () => api.get<SessionQueue>('/api/sessions'));
  if (!queue.data && queue.error) return <ErrorNote onRetry={() => void queue.reload()}>{queue.error}</ErrorNote>;
  if (!queue.data) return <Loading what="the sessions" />;
  const { sessions } = queue.data;
  const chosen = /^#\/sessions\/([\w-]+)/.exec(hash)?.[1] ?? sessions[0]?.case_id;
  return (
    <div className="sessions">
      <nav className="session-queue" aria-label="Sessions">
        <h2>Sessions</h2>
        {sessions.length === 0 ? (
          <p className="muted">No item names a session.</p>
        ) : (
          <ul>
            {sessions.map((s) => (
              <li key={s.case_id}>
                <a href={`#/sessions/${s.case_id}`} aria-current={s.case_id === chosen ? 'page' : undefined}>
                  <span className="session-name">{s.name}</span>
                  <span className="muted">
                    {s.n_traces} {s.n_traces === 1 ? 'item' : 'items'} · {s.my_schemas_done.length}/{s.n_schemas} scored
                  </span>
                </a>
              </li>
            ))}
          </ul>
        )}
      </nav>
      {chosen && <Session key={chosen} caseId={chosen} onSaved={() => void queue.reload()} />}
    </div>
  );
}

function Session({ caseId, onSaved }: { caseId: string; onSaved: () => void }) {
  const path = `/api/sessions/${encodeURIComponent(caseId)}`;
  const detail = useResource(['session', caseId], () => api.get<SessionDetail>(path));
  const [saveError, setSaveError] = useState<string | null>(null);

  const save = async (schema: string, value: SessionValue | null) => {
    try {
      await api.post(`${path}/annotate`, { schema, value });
      setSaveError(null);
      await detail.reload();
      onSaved();
    } catch (e) {
      setSaveError(errorText(e));
    }
  };

  if (!detail.data && detail.error) return <ErrorNote onRetry={() => void detail.reload()}>{detail.error}</ErrorNote>;
  if (!detail.data) return <Loading what="the session" />;
  const d = detail.data;
  const attributes = Object.entries(d.attributes);
  return (
    <section className="session-detail" aria-label={`Session ${d.name}`}>
      <h2>Session {d.name}</h2>
      {attributes.length > 0 && (
        <dl className="session-attributes">
          {attributes.map(([k, v]) => (
            <div key={k}>
              <dt>{k}</dt>
              <dd>{typeof v === 'string' ? v : JSON.stringify(v)}</dd>
            </div>
          ))}
        </dl>
      )}
      {saveError && (
        <p className="error" role="alert">
          {saveError}
        </p>
      )}
      {d.schemes.map((scheme) => (
        <SessionQuestion
          key={scheme.name}
          scheme={scheme}
          mine={d.my_annotations[scheme.name]}
          figures={d.aggregates[scheme.name]}
          onAnswer={(value) => void save(scheme.name, value)}
        />
      ))}
      <h3>Items in this session</h3>
      <ol className="session-members">
        {d.members.map((m) => (
          <li key={m.instance_id}>
            <code>{m.instance_id}</code> <span className="session-preview">{m.preview}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
