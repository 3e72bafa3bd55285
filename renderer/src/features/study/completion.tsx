/**
 * The end of a crowd worker's list: the completion code, and the way back to the platform (after a delay, when
 * configured).
 */
import { useEffect, useState } from 'react';
import type { Study } from '../../shared/api/types.js';

export function Completion({ completion }: { completion: NonNullable<Study['completion']> }) {
  const [left, setLeft] = useState(Math.ceil(completion.redirect_delay_ms / 1000));
  const url = completion.redirect_url;
  useEffect(() => {
    if (!completion.auto_redirect || !url) return;
    const go = setTimeout(() => window.location.assign(url), completion.redirect_delay_ms);
    const tick = setInterval(() => setLeft((n) => Math.max(0, n - 1)), 1000);
    return () => {
      clearTimeout(go);
      clearInterval(tick);
    };
  }, [completion.auto_redirect, completion.redirect_delay_ms, url]);
  return (
    <section className="notice done completion" role="status" aria-label="Study complete">
      <p>You have finished the study. Thank you!</p>
      {completion.message && <p>{completion.message}</p>}
      {completion.completion_code && (
        <p>
          Your completion code: <strong data-testid="completion-code">{completion.completion_code}</strong>
        </p>
      )}
      {url && (
        <p>
          <a href={url} rel="noreferrer">
            Return to {completion.platform}
          </a>
          {completion.auto_redirect && <span className="muted"> (taking you there in {left} s)</span>}
        </p>
      )}
    </section>
  );
}
