/**
 * The admin dashboard. Access is an admin user's session or the admin API key, entered here and kept in
 * sessionStorage only. Sections load independently, so one missing or failing endpoint does not hide the rest.
 */
import { ReviewPanel } from './review-panel.js';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { adminKey, api, ApiError, errorText } from '../../shared/api/client.js';
import type { Agreement, AnnotatorRow, QualityReport, TimeReport, WebhookEntry } from '../../shared/api/types.js';
import { queryClient } from '../../shared/api/use-resource.js';
import { useAdminResource } from './admin-resource.js';
import { Loading } from '../../shared/components/status.js';
import { AgreementChart } from './charts.js';
import { ConfigEditor } from './config-editor.js';
import { DataPanel } from './data-panel.js';
import { Section } from './section.js';
import { AnnotatorsTable, InstancesTable, QualityTables } from './tables.js';
import { WebhooksTable } from './webhooks.js';
import { NotesPanel } from './notes-panel.js';
import { SearchPanel } from './search-panel.js';
import { TimeTables } from './time-panel.js';
import { CompetenceTable } from './competence-table.js';
import { OverviewPanel } from './overview-panel.js';
import { EmbeddingMapPanel } from './embedding-map-panel.js';
import { AutomationPanel } from './automation-panel.js';
import { useHash } from '../../shared/routing/use-hash.js';
import './admin.css';

/** Everything the dashboard shows is read again: after Refresh, an import or a settings change. */
const refreshAll = () => void queryClient.invalidateQueries({ queryKey: ['admin'] });

function KeyForm({ message, onKey }: { message: string; onKey: () => void }) {
  const [key, setKey] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    adminKey.set(key.trim());
    onKey();
  };
  return (
    <form className="key-form" onSubmit={submit} aria-label="Admin key">
      <h1>Dashboard</h1>
      <p>{message}</p>
      <label htmlFor="admin-key">Admin API key</label>
      <input
        id="admin-key"
        type="password"
        autoComplete="off"
        value={key}
        onChange={(e) => setKey(e.target.value)}
        required
        autoFocus
      />
      <p className="muted small">
        The key is printed when the server starts and kept in its data folder. It stays in this tab only.
      </p>
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
        setAccess({
          need: hadKey
            ? 'That key was not accepted. Check it and try again.'
            : 'The dashboard is for project admins. Log in as an admin user, or enter the admin key.',
        });
      } else setAccess({ need: errorText(e) });
    }
  }, []);
  useEffect(() => {
    void check();
  }, [check]);

  if (access === 'checking') return <Loading what="the dashboard" />;
  if (access !== 'ok') return <KeyForm message={access.need} onKey={() => void check()} />;
  return (
    <Dashboard
      onSignOut={() => {
        adminKey.clear();
        void check();
      }}
    />
  );
}

/** The dashboard's panels, each at its own address (#/admin/<id>); #/admin alone is the overview. */
const PANELS = [
  { id: 'overview', title: 'Overview' },
  { id: 'annotators', title: 'Annotators' },
  { id: 'instances', title: 'Instances' },
  { id: 'search', title: 'Search' },
  { id: 'notes', title: 'Notes and flags' },
  { id: 'quality', title: 'Quality control' },
  { id: 'time', title: 'Time' },
  { id: 'agreement', title: 'Agreement' },
  { id: 'embedding-map', title: 'Embedding map' },
  { id: 'review', title: 'Review board' },
  { id: 'webhooks', title: 'Webhooks' },
  { id: 'automation', title: 'Automation' },
  { id: 'data', title: 'Data' },
  { id: 'settings', title: 'Settings' },
] as const;
type PanelId = (typeof PANELS)[number]['id'];

const panelOf = (hash: string): PanelId => {
  const id = hash.replace(/^#\/admin\/?/, '').split(/[/?]/)[0];
  return PANELS.find((p) => p.id === id)?.id ?? 'overview';
};

function usePanel(): PanelId {
  return panelOf(useHash());
}

function Dashboard({ onSignOut }: { onSignOut: () => void }) {
  const panel = usePanel();
  const title = PANELS.find((p) => p.id === panel)!.title;
  useEffect(() => {
    document.title = `${title} · Dashboard · Marginalia`;
  }, [title]);

  return (
    <div className="dashboard">
      <div className="toolbar">
        <h1>Dashboard</h1>
        <button type="button" onClick={refreshAll}>
          Refresh
        </button>
        {adminKey.get() && (
          <button type="button" className="link" onClick={onSignOut}>
            Forget admin key
          </button>
        )}
      </div>
      <div className="dashboard-body">
        <nav className="panel-menu" aria-label="Dashboard panels">
          <ul>
            {PANELS.map((p) => (
              <li key={p.id}>
                <a href={`#/admin/${p.id}`} aria-current={p.id === panel ? 'page' : undefined}>
                  {p.title}
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="panel" key={panel}>
          <Panel id={panel} />
        </div>
      </div>
    </div>
  );
}

/** One panel; it loads only what it shows. */
function Panel({ id }: { id: PanelId }) {
  switch (id) {
    case 'overview':
      return <OverviewPanel />;
    case 'annotators':
      return (
        <Loaded<{ annotators: AnnotatorRow[] }> title="Annotators" id="annotators" path="/admin/api/annotators">
          {(a) => <AnnotatorsTable rows={a.annotators} />}
        </Loaded>
      );
    case 'instances':
      return (
        <section className="card-section" aria-labelledby="instances-title" data-testid="section-instances">
          <h2 id="instances-title">Instances</h2>
          <InstancesTable />
        </section>
      );
    case 'search':
      return <SearchPanel />;
    case 'review':
      return <ReviewPanel />;
    case 'notes':
      return (
        <section className="card-section" aria-labelledby="notes-title" data-testid="section-notes">
          <h2 id="notes-title">Notes and flags</h2>
          <NotesPanel />
        </section>
      );
    case 'quality':
      return (
        <Loaded<QualityReport> title="Quality control" id="quality" path="/admin/api/quality_control">
          {(q) => <QualityTables qc={q} />}
        </Loaded>
      );
    case 'time':
      return (
        <Loaded<TimeReport> title="Time" id="time" path="/admin/api/time">
          {(r) => <TimeTables report={r} />}
        </Loaded>
      );
    case 'agreement':
      return (
        <Loaded<Agreement> title="Agreement" id="agreement" path="/admin/api/agreement">
          {(a) => (
            <>
              <AgreementChart agreement={a} />
              <CompetenceTable />
            </>
          )}
        </Loaded>
      );
    case 'embedding-map':
      return <EmbeddingMapPanel />;
    case 'webhooks':
      return <WebhooksPanel />;
    case 'automation':
      return <AutomationPanel />;
    case 'data':
      return (
        <section className="card-section" aria-labelledby="data-title" data-testid="section-data">
          <h2 id="data-title">Data</h2>
          <DataPanel onImported={refreshAll} />
        </section>
      );
    case 'settings':
      return (
        <Loaded<Record<string, unknown>> title="Settings" id="settings" path="/admin/api/config">
          {(c) => <ConfigEditor config={c} onSaved={refreshAll} />}
        </Loaded>
      );
  }
}

function Loaded<T>({
  title,
  id,
  path,
  children,
}: {
  title: string;
  id: string;
  path: string;
  children: (data: T) => ReactNode;
}) {
  const resource = useAdminResource<T>(path);
  return (
    <Section title={title} id={id} resource={resource}>
      {children}
    </Section>
  );
}

function WebhooksPanel() {
  const webhooks = useAdminResource<{ endpoints: WebhookEntry[] }>('/admin/api/webhooks');
  return (
    <Section title="Webhooks" id="webhooks" resource={webhooks}>
      {(w) => <WebhooksTable endpoints={w.endpoints} onSent={() => setTimeout(() => void webhooks.reload(), 1000)} />}
    </Section>
  );
}
