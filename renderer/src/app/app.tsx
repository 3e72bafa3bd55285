/**
 * The shell: who is logged in, which study phase they are in, and the screens: the annotator's (at #/), the
 * adjudicator's (at #/adjudicate), the admin dashboard (at #/admin, reachable with an admin session or the
 * admin key), the codebook's page (#/codebook) and the others the hash names.
 */
import { lazy, Suspense, useCallback, useEffect, useMemo, useState } from 'react';
import { api, errorText, SESSION_ENDED } from '../shared/api/client.js';
import type { Me, Phase, SessionAnswer, Study } from '../shared/api/types.js';
import { Completion } from '../features/study/completion.js';
import { ErrorNote, Loading } from '../shared/components/status.js';
import { LoginScreen } from '../features/login/login-screen.js';
import { AnnotateScreen } from '../features/annotate/annotate-screen.js';
import { AgentChatPanel } from '../features/agent-chat/agent-chat-panel.js';
import { ChatSupport } from '../features/chat-support/chat-support.js';
import { CodebookScreen } from '../features/codebook/codebook-page.js';
import { PhasePage } from '../features/phases/phase-page.js';
import { AnnotationPhaseEnd } from '../features/phases/annotation-phase-end.js';
import { ProgressScreen } from '../features/progress/progress-screen.js';
import { PocketScreen } from '../features/pocket/pocket-screen.js';
import { forgetPocket } from '../features/pocket/offline-page.js';
import { DesktopNotice } from '../features/pocket/desktop-notice.js';
import { RoomsScreen } from '../features/rooms/rooms-screen.js';
import { SessionsPointer } from '../features/sessions/sessions-pointer.js';
import { SessionsScreen } from '../features/sessions/sessions-screen.js';
import { desktop } from '../shared/desktop/desktop.js';
import { DesktopVersion } from '../shared/desktop/desktop-version.js';
import { UiTextProvider } from '../shared/ui-text.js';
import { UI_TEXT } from '../../../shared/ui-language.js';
import { ConfirmDialog } from '../shared/components/confirm-dialog.js';
import { ThemeToggle } from '../shared/theme/theme.js';
import { hasUnsavedWork, SESSION_RESTORED } from '../shared/unsaved/unsaved-work.js';
import { useHash } from '../shared/routing/use-hash.js';
import { annotateAside } from './annotate-aside.js';
import './app.css';
// the dashboard (and its chart library) loads only when an admin opens it
const AdminScreen = lazy(() => import('../features/admin/admin-screen.js').then((m) => ({ default: m.AdminScreen })));
const AdjudicateScreen = lazy(() =>
  import('../features/adjudicate/adjudicate-screen.js').then((m) => ({ default: m.AdjudicateScreen })),
);

type Session =
  { state: 'loading' } | { state: 'anonymous' } | { state: 'user'; me: Me } | { state: 'error'; message: string };

type Route = 'admin' | 'adjudicate' | 'progress' | 'pocket' | 'rooms' | 'sessions' | 'codebook' | 'annotate';

function useHashRoute(): Route {
  const hash = useHash();
  if (hash.startsWith('#/admin')) return 'admin';
  if (hash.startsWith('#/adjudicate')) return 'adjudicate';
  if (hash.startsWith('#/pocket')) return 'pocket';
  if (hash.startsWith('#/rooms')) return 'rooms';
  if (hash.startsWith('#/sessions')) return 'sessions';
  if (hash.startsWith('#/codebook')) return 'codebook';
  return hash.startsWith('#/progress') ? 'progress' : 'annotate';
}

export function App() {
  const route = useHashRoute();
  const [session, setSession] = useState<Session>({ state: 'loading' });
  const [phase, setPhase] = useState<Phase | null | undefined>(undefined);
  const [study, setStudy] = useState<Study | null>(null);
  // a session lost while annotating is logged into again over the screen, which keeps its answers
  const [relogin, setRelogin] = useState(false);
  // leaving with unsaved answers waits for the annotator's word
  const [leaving, setLeaving] = useState<{ what: string; go: () => void } | null>(null);
  const guard = (what: string, go: () => void) => (hasUnsavedWork() ? setLeaving({ what, go }) : go());
  /** A screen's link in the top bar: leaving unsaved answers asks first. */
  const screenLink = (to: Route, hash: string, label: string, what: string) => (
    <a
      href={hash}
      aria-current={route === to ? 'page' : undefined}
      onClick={(e) => {
        if (!hasUnsavedWork()) return;
        e.preventDefault();
        guard(what, () => (location.hash = hash));
      }}
    >
      {label}
    </a>
  );

  const loadSession = useCallback(async () => {
    // a 200 whether or not anyone is signed in: the browser logs every 401 as an error, and a visitor is none
    try {
      const { user } = await api.get<SessionAnswer>('/api/session');
      setSession(user ? { state: 'user', me: user } : { state: 'anonymous' });
    } catch (e) {
      setSession({ state: 'error', message: errorText(e) });
    }
  }, []);

  const loadPhase = useCallback(async () => {
    // the study's options and, at the end of the list, its completion code
    void api.get<Study>('/api/study').then(setStudy, () => undefined);
    try {
      setPhase(await api.get<Phase>('/api/phase'));
    } catch {
      setPhase(null); // a server without phases: straight to annotation
    }
  }, []);

  useEffect(() => {
    // before any login: the login page speaks the project's language too
    void api.get<Study>('/api/study').then(setStudy, () => undefined);
    void loadSession();
    const ended = () => {
      if (hasUnsavedWork()) {
        setRelogin(true);
        return;
      }
      setPhase(undefined);
      setSession({ state: 'anonymous' });
    };
    window.addEventListener(SESSION_ENDED, ended);
    return () => window.removeEventListener(SESSION_ENDED, ended);
  }, [loadSession]);
  useEffect(() => {
    if (session.state === 'user') void loadPhase();
  }, [session.state, loadPhase]);

  const logout = async () => {
    await api.post('/logout').catch(() => undefined);
    if (session.state === 'user') await forgetPocket(session.me.username);
    setPhase(undefined);
    setSession({ state: 'anonymous' });
  };

  // a word the server leaves out stays English
  const text = useMemo(() => ({ ...UI_TEXT, ...study?.ui.text }), [study]);
  useEffect(() => {
    if (!study) return;
    document.documentElement.lang = study.ui.lang;
    document.documentElement.dir = study.ui.dir;
  }, [study]);

  const me = session.state === 'user' ? session.me : null;
  const header = (
    <header className="topbar">
      <span className="brand">Marginalia</span>
      {me && <span className="task-name">{me.task_name}</span>}
      {!study?.hide_navbar && (
        <nav aria-label="Screens">
          <a href="#/" aria-current={route === 'annotate' ? 'page' : undefined}>
            {text.nav_annotate}
          </a>
          {me?.progress_page && screenLink('progress', '#/progress', text.progress_label, 'open your progress page')}
          {(study?.rooms || route === 'rooms') && screenLink('rooms', '#/rooms', text.nav_rooms, 'open the rooms')}
          {(study?.sessions || route === 'sessions') &&
            screenLink('sessions', '#/sessions', text.nav_sessions, 'open the sessions')}
          {(study?.codebook || route === 'codebook') &&
            screenLink('codebook', '#/codebook', text.codebook, 'open the codebook')}
          {(me?.is_adjudicator || route === 'adjudicate') &&
            screenLink('adjudicate', '#/adjudicate', text.adjudicate, 'open the Adjudicate screen')}
          {(me?.is_admin || route === 'admin') &&
            screenLink('admin', '#/admin', text.nav_dashboard, 'open the dashboard')}
        </nav>
      )}
      {me && !study?.hide_navbar && (
        <span className="who">
          {me.username} {/* the desktop owner signs in through the app and has no password to log back in with */}
          {!desktop() && (
            <button type="button" className="link" onClick={() => guard('log out', () => void logout())}>
              {text.logout}
            </button>
          )}
        </span>
      )}
      <ThemeToggle />
      <DesktopVersion />
    </header>
  );

  let body: React.ReactNode;
  if (route === 'admin')
    body = (
      <Suspense fallback={<Loading what="the dashboard" />}>
        <AdminScreen />
      </Suspense>
    );
  else if (session.state === 'loading') body = <Loading what="your session" />;
  else if (session.state === 'error')
    body = <ErrorNote onRetry={() => void loadSession()}>{session.message}</ErrorNote>;
  else if (session.state === 'anonymous') body = <LoginScreen onLoggedIn={() => void loadSession()} study={study} />;
  else if (route === 'adjudicate')
    body = (
      <Suspense fallback={<Loading what="the Adjudicate screen" />}>
        <AdjudicateScreen />
      </Suspense>
    );
  else if (route === 'progress') body = <ProgressScreen />;
  else if (route === 'rooms') body = <RoomsScreen me={session.me.username} />;
  else if (route === 'sessions') body = <SessionsScreen />;
  else if (route === 'codebook') body = <CodebookScreen isAdmin={session.me.is_admin} />;
  else if (phase === undefined) body = <Loading what="your study phase" />;
  else if (phase && phase.type !== 'annotation' && !(phase.type === 'done' && phase.total <= 1))
    body = <PhasePage key={phase.phase} phase={phase} onDone={() => void loadPhase()} />;
  else if (route === 'pocket') body = <PocketScreen user={session.me.username} onFinished={() => void loadPhase()} />;
  else
    body = (
      <>
        <h1 className="visually-hidden">Annotate{me?.task_name ? `: ${me.task_name}` : ''}</h1>
        <DesktopNotice />
        <AnnotateScreen
          phase={phase}
          onPhaseChange={() => void loadPhase()}
          agentChat={(id, field) => <AgentChatPanel key={`${id}\u0001${field}`} instanceId={id} />}
          topExtra={(id) => <ChatSupport instanceId={id} />}
          footer={phase ? <AnnotationPhaseEnd phase={phase} onDone={() => void loadPhase()} /> : null}
          aside={annotateAside(study, me?.username ?? '')}
        />
      </>
    );

  return (
    <UiTextProvider value={text}>
      {/* the address is the router's: the skip link moves the focus instead of the hash */}
      <a
        className="skip"
        href="#main"
        onClick={(e) => {
          e.preventDefault();
          document.getElementById('main')?.focus();
        }}
      >
        Skip to content
      </a>
      {header}
      <main id="main" className="main" tabIndex={-1}>
        {route === 'annotate' && study?.task_description && (
          <p className="task-description">{study.task_description}</p>
        )}
        {route === 'annotate' && study?.sessions && <SessionsPointer schemes={study.sessions.schemes} />}
        {(route === 'annotate' || route === 'pocket') && study?.completion && (
          <Completion completion={study.completion} />
        )}
        {body}
      </main>
      {relogin && me && (
        <div className="overlay" data-modal="true">
          <div className="overlay-box" role="dialog" aria-modal="true" aria-label="Log in again">
            <p className="notice" role="alert">
              Your session ended. Your answers are still here: log in again and they are saved.
            </p>
            <LoginScreen
              username={me.username}
              onLoggedIn={() => {
                setRelogin(false);
                window.dispatchEvent(new Event(SESSION_RESTORED));
              }}
            />
          </div>
        </div>
      )}
      {leaving && (
        <ConfirmDialog
          title="Unsaved answers"
          confirm={`Discard them and ${leaving.what}`}
          cancel="Stay on this instance"
          onCancel={() => setLeaving(null)}
          onConfirm={() => {
            const { go } = leaving;
            setLeaving(null);
            go();
          }}
        >
          <p>This instance has answers that are not saved yet. Submit them first, or discard them.</p>
        </ConfirmDialog>
      )}
    </UiTextProvider>
  );
}
