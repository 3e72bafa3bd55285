/**
 * A code's saved versions of its prose, newest first: who saved each and when, each one readable as text, and an
 * older one restorable (saved again as the newest version; the versions between stay in the history).
 */
import { useEffect, useState } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { CodebookCode, CodebookHistory, CodebookSnapshot } from '../../shared/api/types.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';
import { blockHeading, type BlockTypes } from './code-entry.js';

export function CodeHistory({
  code,
  blockTypes,
  canRestore,
  onRestored,
}: {
  code: CodebookCode;
  blockTypes: BlockTypes;
  canRestore: boolean;
  onRestored: (message: string) => void;
}) {
  const [history, setHistory] = useState<CodebookHistory | null>(null);
  const [shown, setShown] = useState<CodebookSnapshot | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const q = new URLSearchParams({ scope_kind: 'code', scope_id: code.id });
    api.get<{ history: CodebookHistory }>(`/api/codebook/history?${q}`).then(
      (r) => setHistory(r.history),
      (e) => setError(errorText(e)),
    );
  }, [code.id]);

  const show = (id: string) =>
    api.get<CodebookSnapshot>(`/api/codebook/history/${encodeURIComponent(id)}`).then(setShown, (e) => {
      setError(errorText(e));
    });
  const restore = (id: string, version: number) =>
    api.post<{ scope_version: number }>('/api/codebook/restore', { snapshot_id: id }).then(
      (r) => onRestored(`Restored version ${version} of “${code.name}” as version ${r.scope_version}.`),
      (e) => setError(errorText(e)),
    );

  const titleId = `history-${code.id}`;
  return (
    <section className="codebook-history" aria-labelledby={titleId}>
      <h3 id={titleId}>History of {code.name}</h3>
      {!history && !error && <Loading what="the history" />}
      {history?.length === 0 && <p className="muted">Its text has not been saved yet.</p>}
      {history && history.length > 0 && (
        <ol>
          {history.map((h, i) => (
            <li key={h.id} data-testid="codebook-version">
              <span>
                Version {h.version} by {h.created_by}, {new Date(h.created_at).toLocaleString()}
                {h.minor ? ' (minor)' : ''}
                {h.restored_from ? ' (restored)' : ''}
                {i === 0 ? ' — current' : ''}
              </span>
              <span className="codebook-actions">
                <button type="button" onClick={() => void show(h.id)} aria-label={`Show version ${h.version}`}>
                  Show
                </button>
                {canRestore && i > 0 && (
                  <button
                    type="button"
                    onClick={() => void restore(h.id, h.version)}
                    aria-label={`Restore version ${h.version}`}
                  >
                    Restore
                  </button>
                )}
              </span>
            </li>
          ))}
        </ol>
      )}
      {shown && (
        <div className="codebook-snapshot" aria-label={`Version ${shown.version}`} role="group">
          <p className="muted">Version {shown.version}:</p>
          {shown.blocks.length === 0 && <p className="muted">(no text)</p>}
          <dl>
            {shown.blocks.map((b, i) => (
              <div key={i}>
                <dt>{blockHeading(b, blockTypes)}</dt>
                <dd>{b.body_md}</dd>
              </div>
            ))}
          </dl>
        </div>
      )}
      <ErrorNote>{error}</ErrorNote>
    </section>
  );
}
