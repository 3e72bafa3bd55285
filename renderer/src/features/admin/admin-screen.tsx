/**
 * The admin dashboard. Access is an admin user's session or the admin API key, entered here and kept in
 * sessionStorage only. Sections load independently, so one missing or failing endpoint does not hide the rest.
 * Its words are the project's `ui_language` (useUiText); what the server sends as data is shown as it is.
 */
import { ReviewPanel } from './review-panel.js';
import { useCallback, useEffect, useState, type FormEvent, type ReactNode } from 'react';
import { adminKey, api, ApiError, errorText } from '../../shared/api/client.js';
import type { Agreement, AnnotatorRow, QualityReport, TimeReport, WebhookEntry } from '../../shared/api/types.js';
import { queryClient } from '../../shared/api/use-resource.js';
import { useAdminResource } from './admin-resource.js';
import { StorageNotice } from './storage-notice.js';
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
import { useUiText } from '../../shared/ui-text.js';
import type { UiTextKey } from '../../../../shared/ui-language.js';
import './admin.css';

/** Everything the dashboard shows is read again: after Refresh, an import or a settings change. */
const refreshAll = () => void queryClient.invalidateQueries({ queryKey: ['admin'] });

function KeyForm({ message, onKey }: { message: string; onKey: () => void }) {
  const words = useUiText();
  const [key, setKey] = useState('');
  const submit = (e: FormEvent) => {
    e.preventDefault();
    adminKey.set(key.trim());
    onKey();
  };
  return (
    <form className="key-form" onSubmit={submit} aria-label={words.admin_key_form}>
      <h1>{words.admin_login_title}</h1>
      <p>{message}</p>
      <label htmlFor="admin-key">{words.admin_login_key_label}</label>
      <input
        id="admin-key"
        type="password"
        autoComplete="off"
        value={key}
        onChange={(e) => setKey(e.target.value)}
        required
        autoFocus
      />
      <p className="muted small">{words.admin_login_help}</p>
      <button type="submit" className="primary">
        {words.admin_login_submit}
      </button>
    </form>
  );
}

export function AdminScreen() {
  const words = useUiText();
  // the reason is a word's key when it is ours, so it follows the language once the study is read
  const [access, setAccess] = useState<'checking' | 'ok' | { need: UiTextKey } | { error: string }>('checking');
  const check = useCallback(async () => {
    setAccess('checking');
    try {
      await api.adminGet('/admin/health');
      setAccess('ok');
    } catch (e) {
      if (e instanceof ApiError && (e.status === 401 || e.status === 403)) {
        const hadKey = adminKey.get();
        adminKey.clear();
        setAccess({ need: hadKey ? 'admin_key_rejected' : 'admin_key_needed' });
      } else setAccess({ error: errorText(e) });
    }
  }, []);
  useEffect(() => {
    void check();
  }, [check]);

  if (access === 'checking') return <Loading what="the dashboard" label={words.admin_loading} />;
  if (access !== 'ok')
    return <KeyForm message={'need' in access ? words[access.need] : access.error} onKey={() => void check()} />;
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
  { id: 'overview', title: 'admin_tab_overview' },
  { id: 'annotators', title: 'admin_tab_annotators' },
  { id: 'instances', title: 'admin_tab_instances' },
  { id: 'search', title: 'admin_tab_search' },
  { id: 'notes', title: 'admin_tab_notes' },
  { id: 'quality', title: 'admin_section_quality' },
  { id: 'time', title: 'admin_tab_time' },
  { id: 'agreement', title: 'admin_tab_agreement' },
  { id: 'embedding-map', title: 'admin_tab_embeddings' },
  { id: 'review', title: 'admin_tab_review' },
  { id: 'webhooks', title: 'admin_tab_webhooks' },
  { id: 'automation', title: 'admin_tab_automation' },
  { id: 'data', title: 'admin_tab_data' },
  { id: 'settings', title: 'admin_tab_configuration' },
] as const satisfies readonly { id: string; title: UiTextKey }[];
type PanelId = (typeof PANELS)[number]['id'];

const panelOf = (hash: string): PanelId => {
  const id = hash.replace(/^#\/admin\/?/, '').split(/[/?]/)[0];
  return PANELS.find((p) => p.id === id)?.id ?? 'overview';
};

function usePanel(): PanelId {
  return panelOf(useHash());
}

function Dashboard({ onSignOut }: { onSignOut: () => void }) {
  const words = useUiText();
  const panel = usePanel();
  const title = words[PANELS.find((p) => p.id === panel)!.title];
  useEffect(() => {
    document.title = `${title} · ${words.admin_page_title} · Marginalia`;
  }, [title, words]);

  return (
    <div className="dashboard">
      <div className="toolbar">
        <h1>{words.admin_page_title}</h1>
        <button type="button" onClick={refreshAll}>
          {words.admin_btn_reload}
        </button>
        {adminKey.get() && (
          <button type="button" className="link" onClick={onSignOut}>
            {words.admin_forget_key}
          </button>
        )}
      </div>
      <StorageNotice />
      <div className="dashboard-body">
        <nav className="panel-menu" aria-label={words.admin_panels_label}>
          <ul>
            {PANELS.map((p) => (
              <li key={p.id}>
                <a href={`#/admin/${p.id}`} aria-current={p.id === panel ? 'page' : undefined}>
                  {words[p.title]}
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
  const words = useUiText();
  switch (id) {
    case 'overview':
      return <OverviewPanel />;
    case 'annotators':
      return (
        <Loaded<{ annotators: AnnotatorRow[] }>
          title={words.admin_tab_annotators}
          id="annotators"
          path="/admin/api/annotators"
        >
          {(a) => <AnnotatorsTable rows={a.annotators} />}
        </Loaded>
      );
    case 'instances':
      return (
        <section className="card-section" aria-labelledby="instances-title" data-testid="section-instances">
          <h2 id="instances-title">{words.admin_tab_instances}</h2>
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
          <h2 id="notes-title">{words.admin_tab_notes}</h2>
          <NotesPanel />
        </section>
      );
    case 'quality':
      return (
        <Loaded<QualityReport> title={words.admin_section_quality} id="quality" path="/admin/api/quality_control">
          {(q) => <QualityTables qc={q} />}
        </Loaded>
      );
    case 'time':
      return (
        <Loaded<TimeReport> title={words.admin_tab_time} id="time" path="/admin/api/time">
          {(r) => <TimeTables report={r} />}
        </Loaded>
      );
    case 'agreement':
      return (
        <Loaded<Agreement> title={words.admin_tab_agreement} id="agreement" path="/admin/api/agreement">
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
          <h2 id="data-title">{words.admin_tab_data}</h2>
          <DataPanel onImported={refreshAll} />
        </section>
      );
    case 'settings':
      return (
        <Loaded<Record<string, unknown>> title={words.admin_tab_configuration} id="settings" path="/admin/api/config">
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
  const words = useUiText();
  const webhooks = useAdminResource<{ endpoints: WebhookEntry[] }>('/admin/api/webhooks');
  return (
    <Section title={words.admin_tab_webhooks} id="webhooks" resource={webhooks}>
      {(w) => <WebhooksTable endpoints={w.endpoints} onSent={() => setTimeout(() => void webhooks.reload(), 1000)} />}
    </Section>
  );
}
