/**
 * The admin's part of the codebook page: the proposed changes waiting for a decision, each as the sentence the
 * server words, confirmed (carried out) or rejected; and merging one code into another (the source is archived,
 * its codes move under the target). Admin calls send the admin key when the dashboard holds one, else the
 * admin's session answers for them.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { CodebookCode, CodebookProposal } from '../../shared/api/types.js';
import { ErrorNote } from '../../shared/components/status.js';
import { CodeSelect } from './code-select.js';

export function ProposalsPanel({ codes, onChanged }: { codes: CodebookCode[]; onChanged: (message: string) => void }) {
  const [proposals, setProposals] = useState<CodebookProposal[] | null>(null);
  const [src, setSrc] = useState('');
  const [dst, setDst] = useState('');
  const [error, setError] = useState<string | null>(null);

  const load = useCallback(
    () =>
      api.adminGet<{ proposals: CodebookProposal[] }>('/api/codebook/admin/proposals').then(
        (r) => setProposals(r.proposals),
        (e) => setError(errorText(e)),
      ),
    [],
  );
  useEffect(() => void load(), [load]);

  const decide = (p: CodebookProposal, action: 'confirm' | 'reject') => {
    setError(null);
    api.adminPost(`/api/codebook/admin/proposals/${encodeURIComponent(p.id)}/${action}`, {}).then(
      () => {
        onChanged(`${action === 'confirm' ? 'Confirmed' : 'Rejected'}: ${p.summary}.`);
        void load();
      },
      (e) => {
        // decided meanwhile by someone else (409): the list is read again
        setError(errorText(e));
        void load();
      },
    );
  };

  const merge = (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    if (!src || !dst || src === dst) {
      setError('Choose two different codes: the one to merge and the one it goes into.');
      return;
    }
    const name = (id: string) => codes.find((c) => c.id === id)?.name ?? id;
    api.adminPost('/api/codebook/admin/merge', { src_id: src, dst_id: dst }).then(
      () => {
        onChanged(`Merged “${name(src)}” into “${name(dst)}”.`);
        setSrc('');
        setDst('');
      },
      (err) => setError(errorText(err)),
    );
  };

  return (
    <section className="codebook-admin" aria-labelledby="codebook-proposals-title">
      <h2 id="codebook-proposals-title">Proposals</h2>
      {proposals?.length === 0 && <p className="muted">No proposals are waiting.</p>}
      <ul aria-label="Waiting proposals">
        {proposals?.map((p) => (
          <li key={p.id} data-testid="codebook-proposal">
            <span>
              {p.summary}{' '}
              <span className="muted">({p.actor_kind === 'model' ? `model, via ${p.actor}` : p.actor})</span>
              {p.rationale && <span className="codebook-description">{p.rationale}</span>}
            </span>
            <span className="codebook-actions">
              <button type="button" onClick={() => decide(p, 'confirm')} aria-label={`Confirm: ${p.summary}`}>
                Confirm
              </button>
              <button type="button" onClick={() => decide(p, 'reject')} aria-label={`Reject: ${p.summary}`}>
                Reject
              </button>
            </span>
          </li>
        ))}
      </ul>
      <form className="codebook-merge" aria-labelledby="codebook-merge-title" onSubmit={merge}>
        <h2 id="codebook-merge-title">Merge codes</h2>
        <p className="muted small">
          The first code is archived (kept in the history, no longer a label); its codes move under the second. Answers
          keep the label they were given.
        </p>
        <CodeSelect label="Merge" none="(choose a code)" codes={codes} value={src} onChange={setSrc} />
        <CodeSelect label="into" none="(choose a code)" codes={codes} value={dst} onChange={setDst} />
        <button type="submit">Merge</button>
      </form>
      <ErrorNote>{error}</ErrorNote>
    </section>
  );
}
