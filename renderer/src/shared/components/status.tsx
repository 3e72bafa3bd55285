/** Loading and error states, the same on every screen. Errors are announced to screen readers. */
import type { ReactNode } from 'react';

/** `label` is the whole sentence, for a screen drawn in the project's language. */
export function Loading({ what, label }: { what: string; label?: string }) {
  return (
    <p className="loading" role="status" aria-live="polite">
      {label ?? `Loading ${what}…`}
    </p>
  );
}

export function ErrorNote({
  children,
  onRetry,
  retry = 'Try again',
}: {
  children: ReactNode;
  onRetry?: () => void;
  retry?: string;
}) {
  if (!children) return null;
  return (
    <div className="error" role="alert">
      <span>{children}</span>
      {onRetry && (
        <button type="button" onClick={onRetry}>
          {retry}
        </button>
      )}
    </div>
  );
}
