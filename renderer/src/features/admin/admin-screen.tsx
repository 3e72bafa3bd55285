/**
 * The admin dashboard. Access is an admin user's session or the admin API key, entered here and kept in
 * sessionStorage only. Sections load independently, so one missing or failing endpoint does not hide the rest.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { adminKey, api, ApiError, errorText } from '../../shared/api/client.js';
import type { Agreement, AnnotatorRow, Overview, QualityReport, Timeline, WebhookEntry } from '../../shared/api/types.js';
import { useResource } from '../../shared/api/use-resource.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';
import { AgreementChart, PerAnnotatorChart, ProgressChart } from './charts.js';
import { ConfigEditor } from './config-editor.js';
import { DataPanel } from './data-panel.js';
import { percent, Section } from './section.js';
import { AnnotatorsTable, InstancesTable, QualityTables } from './tables.js';
import { WebhooksTable } from './webhooks.js';

const REFRESH_MS = 15_000;

function KeyForm({ message, onKey }: { message: string; onKey: () => void }) {
  const [key, setKey] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    adminKey.set(key.trim());
    onKey();
  };
  return (
    <form className="key-form" onSubmit={submit} aria-label="Admin key">
      <p>{message}</p>
      <label htmlFor="admin-key">Admin API key</label>
      <input id="admin-key" type="password" autoComplete="off" value={key} onChange={(e) => setKey(e.target.value)} required autoFocus />
      <p className="muted small">The key is printed when the server starts and kept in its data folder. It stays in this tab only.</p>
      <button type="submit" className="primary">
        Open dashboard
      </button>
    </form>
  );
}

export function AdminScreen() {
  const [access, setAccess] = useState<'checking' | 'ok' | { need: string }>('checking');
  const check = useCallback(async () => {
    setAccess('checking');
    try {
      await api.adminGet('/admin/health');
      setAccess('ok');
    } catch (e) {
      if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
        const hadKey = adminKey.get();
        adminKey.clear();
        setAccess({ need: hadKey ? 'That key was not accepted. Check it and try again.' : 'The dashboard is for project admins. Log in as an admin user, or enter the admin key.' });
      } else setAccess({ need: errorText(e) });
    }
  }, []);
  useEffect(() => {
    void check();
  }, [check]);

  if (access === 'checking') return <Loading what="the dashboard" />;
  if (access !== 'ok') return <KeyForm message={access.need} onKey={() => void check()} />;
  return <Dashboard onSignOut={() => { adminKey.clear(); void check(); }} />;
}

function Dashboard({ onSignOut }: { onSignOut: () => void }) {
  const [version, setVersion] = useState(0);
  const overview = useResource(() => api.adminGet<Overview>('/admin/api/overview'), [version]);
  const annotators = useResource(() => api.adminGet<{ annotators: AnnotatorRow[] }>('/admin/api/annotators'), [version]);
  const quality = useResource(() => api.adminGet<QualityReport>('/admin/api/quality_control'), [version]);
  const agreement = useResource(() => api.adminGet<Agreement>('/admin/api/agreement'), [version]);
  const webhooks = useResource(() => api.adminGet<{ endpoints: WebhookEntry[] }>('/admin/api/webhooks'), [version]);
  const config = useResource(() => api.adminGet<Record<string, unknown>>('/admin/api/config'), [version]);

  const timeline = useResource(() => api.adminGet<Timeline>('/admin/api/timeline'), [version]);

  useEffect(() => {
    const timer = setInterval(() => setVersion((v) => v + 1), REFRESH_MS);
    return () => clearInterval(timer);
  }, []);

  return (
    <main className="dashboard">
      <div className="toolbar">
        <h1>Dashboard</h1>
        <button type="button" onClick={() => setVersion((v) => v + 1)}>
          Refresh
        </button>
        {adminKey.get() && (
          <button type="button" className="link" onClick={onSignOut}>
            Forget admin key
          </button>
        )}
      </div>
      <Section title="Overview" id="overview" resource={overview}>
        {(o) => (
          <>
            <div className="cards">
              <Card label="Items" value={o.total_items} />
              <Card label="Completed items" value={o.completed_items ?? '—'} />
              <Card label="Annotations" value={o.total_annotations} />
              <Card label="Annotators" value={o.total_users} />
              <Card label="Completion" value={percent(o.completion_rate)} />
            </div>
            <div className="two-columns">
              <div>
                <h3>Annotated per annotator</h3>
                <PerAnnotatorChart counts={o.per_annotator ?? {}} />
              </div>
              <div>
                <h3>Progress</h3>
                {timeline.data ? <ProgressChart timeline={timeline.data} /> : null}
              </div>
            </div>
          </>
        )}
      </Section>
      <Section title="Annotators" id="annotators" resource={annotators}>
        {(a) => <AnnotatorsTable rows={a.annotators} />}
      </Section>
      <section className="card-section" aria-labelledby="instances-title">
        <h2 id="instances-title">Instances</h2>
        <InstancesTable version={version} />
      </section>
      <Section title="Quality control" id="quality" resource={quality}>
        {(q) => <QualityTables qc={q} />}
      </Section>
      <Section title="Agreement" id="agreement" resource={agreement}>
        {(a) => <AgreementChart agreement={a} />}
      </Section>
      <Section title="Webhooks" id="webhooks" resource={webhooks}>
        {(w) => <WebhooksTable endpoints={w.endpoints} onSent={() => setTimeout(() => void webhooks.reload(), 1000)} />}
      </Section>
      <section className="card-section" aria-labelledby="data-title" data-testid="section-data">
        <h2 id="data-title">Data</h2>
        <DataPanel onImported={() => setVersion((v) => v + 1)} />
      </section>
      <Section title="Settings" id="settings" resource={config}>
        {(c) => <ConfigEditor config={c} onSaved={() => setVersion((v) => v + 1)} />}
      </Section>
    </main>
  );
}

function Card({ label, value }: { label: string; value: string | number }) {
  return (
    <div className="card" data-testid={`card-${label.toLowerCase().replace(/\s+/g, '-')}`}>
      <div className="card-value">{value}</div>
      <div className="card-label">{label}</div>
    </div>
  );
}
