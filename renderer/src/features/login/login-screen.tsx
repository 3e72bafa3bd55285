/**
 * Log in, or register where the project allows it; the server's own message is shown on failure. With single
 * sign-on the provider buttons come first, and the form stays only where the project keeps it (allow_local_login).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { SignInOptions, Study } from '../../shared/api/types.js';
import { ErrorNote } from '../../shared/components/status.js';
import { useUiText } from '../../shared/ui-text.js';
import { SignInProviders } from './sign-in-providers.js';
import './login.css';

/**
 * A study whose workers sign in from its link (url_direct): one who reaches the page without the link's ID is told
 * where to go back to, as Potato's page names the missing parameter, rather than left before a password form.
 */
function StudyLinkNote({ study }: { study: Study | null | undefined }) {
  if (study?.login !== 'url_direct') return null;
  const from = study.platform ? ` on ${study.platform}` : '';
  return (
    <p className="notice" role="note" data-testid="study-link-note">
      This study is opened from its link{from}, which signs you in
      {study.url_argument ? ` (the address carries your ${study.url_argument})` : ''}. Open it again from there; the
      form below is for the project&apos;s staff.
    </p>
  );
}

/**
 * `username` fixes the name: logging in again after a lost session must come back as the same annotator. `study`
 * (GET /api/study) says how its annotators sign in.
 */
export function LoginScreen({
  onLoggedIn,
  username: fixed,
  study,
}: {
  onLoggedIn: () => void;
  username?: string;
  study?: Study | null;
}) {
  const [username, setUsername] = useState(fixed ?? '');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const text = useUiText();
  const [sso, setSso] = useState<SignInOptions | null>(null);
  useEffect(() => {
    void api.get<SignInOptions>('/api/auth/providers').then(setSso, () => undefined);
  }, []);
  const showForm = sso?.local_login ?? true;

  const send = async (path: '/auth' | '/register') => {
    setBusy(true);
    setError(null);
    try {
      await api.post(path, { username, password });
      onLoggedIn();
    } catch (e) {
      setError(errorText(e));
    } finally {
      setBusy(false);
    }
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    void send('/auth');
  };

  return (
    <div className="login">
      {/* over the annotate screen (log in again) the page already has its heading */}
      {fixed ? <h2>Log in again</h2> : <h1>{text.login_title}</h1>}
      {!fixed && <StudyLinkNote study={study} />}
      {sso && <SignInProviders options={sso} showDivider={showForm} />}
      {showForm && (
        <form onSubmit={onSubmit} aria-label="Log in">
          <label htmlFor="username">{text.username_label}</label>
          <input
            id="username"
            name="username"
            autoComplete="username"
            autoFocus={!fixed}
            readOnly={!!fixed}
            required
            value={username}
            onChange={(e) => setUsername(e.target.value)}
          />
          <label htmlFor="password">{text.password_label}</label>
          <input
            id="password"
            name="password"
            type="password"
            autoComplete="current-password"
            autoFocus={!!fixed}
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <ErrorNote>{error}</ErrorNote>
          <div className="actions">
            <button type="submit" className="primary" disabled={busy}>
              {text.sign_in_button}
            </button>
            {!fixed && (
              <button type="button" disabled={busy || !username} onClick={() => void send('/register')}>
                {text.register_button}
              </button>
            )}
          </div>
          {!fixed && (
            <p className="muted small">
              <a href="/forgot-password">{text.forgot_password}</a> Project admins can open the{' '}
              <a href="#/admin">dashboard</a> with the admin key.
            </p>
          )}
        </form>
      )}
    </div>
  );
}
