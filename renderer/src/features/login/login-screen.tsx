/** Log in, or register where the project allows it; the server's own message is shown on failure. */
import { useState, type FormEvent } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import { ErrorNote } from '../../shared/components/status.js';

export function LoginScreen({ onLoggedIn }: { onLoggedIn: () => void }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

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
    <main className="login">
      <h1>Marginalia</h1>
      <form onSubmit={onSubmit} aria-label="Log in">
        <label htmlFor="username">Username</label>
        <input id="username" name="username" autoComplete="username" autoFocus required value={username} onChange={(e) => setUsername(e.target.value)} />
        <label htmlFor="password">Password</label>
        <input id="password" name="password" type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} />
        <ErrorNote>{error}</ErrorNote>
        <div className="actions">
          <button type="submit" className="primary" disabled={busy}>
            Log in
          </button>
          <button type="button" disabled={busy || !username} onClick={() => void send('/register')}>
            Create account
          </button>
        </div>
        <p className="muted small">
          Project admins can open the <a href="#/admin">dashboard</a> with the admin key.
        </p>
      </form>
    </main>
  );
}
