/**
 * Single sign-on buttons (authentication.method: oauth): each is a page navigation to /auth/login/<provider>,
 * since the provider's page must open at the top level. Why the last sign-in failed comes from the server once.
 */
import { ErrorNote } from '../../shared/components/status.js';
import type { SignInOptions } from '../../shared/api/types.js';

export function SignInProviders({ options, showDivider }: { options: SignInOptions; showDivider: boolean }) {
  if (!options.providers.length && !options.error) return null;
  return (
    <div className="sso">
      <ErrorNote>{options.error}</ErrorNote>
      {options.providers.map((p) => (
        <a key={p.id} className="sso-button" href={p.login_url}>
          Sign in with {p.name}
        </a>
      ))}
      {showDivider && options.providers.length > 0 && (
        <p className="sso-divider muted small" role="separator">
          or with a name and password
        </p>
      )}
    </div>
  );
}
