/**
 * Sessions (Potato's /sessions page): the queue of sessions (items sharing a session key) with the caller's
 * progress, and beside it the chosen session's questions, everyone's figures and its items. An answer is saved as
 * soon as it is given; choosing a selected choice again clears it, as on Potato's page.
 */
import { useCallback, useEffect, useState } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { SessionDetail, SessionQueue } from '../../shared/api/types.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';
import { SessionQuestion } from './session-question.js';
import './sessions.css';

export function SessionsScreen() {
  const [hash, setHash] = useState(location.hash);
  useEffect(() => {
    const on = () => setHash(location.hash);
    window.addEventListener('hashchange', on);
    return () => window.removeEventListener('hashchange', on);
  }, []);
  const [queue, setQueue] = useState<SessionQueue | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setQueue(await api.get<SessionQueue>('/api/sessions'));
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }, []);
  useEffect(() => {
    void load();
  }, [load]);

  if (!queue && error) return <ErrorNote onRetry={() => void load()}>{error}</ErrorNote>;
  if (!queue) return <Loading what="the sessions" />;
  const chosen = /^#\/sessions\/([\w-]+)/.exec(hash)?.[1] ?? queue.sessions[0]?.case_id;
  return (
    <div className="sessions">
      <nav className="session-queue" aria-label="Sessions">
        <h2>Sessions</h2>
        {queue.sessions.length === 0 ? (
          <p className="muted">No item names a session.</p>
        ) : (
          <ul>
            {queue.sessions.map((s) => (
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
      {chosen && <Session key={chosen} caseId={chosen} onSaved={() => void load()} />}
    </div>
  );
}

function Session({ caseId, onSaved }: { caseId: string; onSaved: () => void }) {
  const [detail, setDetail] = useState<SessionDetail | null>(null);
  const [error, setError] = useState<string | null>(null);
  const load = useCallback(async () => {
    try {
      setDetail(await api.get<SessionDetail>(`/api/sessions/${encodeURIComponent(caseId)}`));
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }, [caseId]);
  useEffect(() => {
    void load();
  }, [load]);

  const save = async (schema: string, value: SessionDetail['my_annotations'][string] | null) => {
    try {
      const saved = await api.post<Pick<SessionDetail, 'my_annotations' | 'aggregates'>>(
        `/api/sessions/${encodeURIComponent(caseId)}/annotate`,
        { schema, value },
      );
      setDetail((d) => d && { ...d, ...saved });
      setError(null);
      onSaved();
    } catch (e) {
      setError(errorText(e));
    }
  };

  if (!detail && error) return <ErrorNote onRetry={() => void load()}>{error}</ErrorNote>;
  if (!detail) return <Loading what="the session" />;
  const attributes = Object.entries(detail.attributes);
  return (
    <section className="session-detail" aria-label={`Session ${detail.name}`}>
      <h2>Session {detail.name}</h2>
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
      {error && (
        <p className="error" role="alert">
          {error}
        </p>
      )}
      {detail.schemes.map((scheme) => (
        <SessionQuestion
          key={scheme.name}
          scheme={scheme}
          mine={detail.my_annotations[scheme.name]}
          figures={detail.aggregates[scheme.name]}
          onAnswer={(value) => void save(scheme.name, value)}
        />
      ))}
      <h3>Items in this session</h3>
      <ol className="session-members">
        {detail.members.map((m) => (
          <li key={m.instance_id}>
            <code>{m.instance_id}</code> <span className="session-preview">{m.preview}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
