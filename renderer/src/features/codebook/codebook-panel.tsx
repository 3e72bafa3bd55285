/**
 * The project's codebook beside the form, read-only: each code with its definition and its rules for use, so an
 * annotator can check what a code means while coding. Below it a short form proposes a new code: added at once
 * where the codebook's mode lets annotators add codes, otherwise (fixed) queued for an admin to confirm. Shown where
 * the project keeps a codebook (GET /api/study says so); folded at first. Everything is text, never HTML.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { CodebookDocument, CodebookView } from '../../shared/api/types.js';
import { ErrorNote } from '../../shared/components/status.js';
import { useUiText } from '../../shared/ui-text.js';
import { addCode, EMPTY_CODE, NewCodeFields, newCodePayload } from './new-code.js';
import './codebook.css';

/** the block types shown in the panel, in this order, with their headings */
const SHOWN: [string, string][] = [
  ['short_def', 'In brief'],
  ['definition', 'Definition'],
  ['use_when', 'Use when'],
  ['avoid_when', 'Avoid when'],
  ['example', 'Example'],
];

export function CodebookPanel() {
  const [open, setOpen] = useState(false);
  const [view, setView] = useState<CodebookView | null>(null);
  const [doc, setDoc] = useState<CodebookDocument | null>(null);
  const [code, setCode] = useState(EMPTY_CODE);
  const [note, setNote] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const words = useUiText();

  const load = useCallback(async () => {
    const [v, d] = await Promise.all([
      api.get<CodebookView>('/api/codebook'),
      api.get<CodebookDocument>('/api/codebook/document'),
    ]);
    setView(v);
    setDoc(d);
  }, []);

  useEffect(() => {
    if (open) load().catch((e) => setError(errorText(e)));
  }, [open, load]);

  const propose = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    setError(null);
    setNote(null);
    addCode(view?.can_add ?? false, newCodePayload(code)).then(
      async (message) => {
        setCode(EMPTY_CODE);
        setNote(message);
        await load();
      },
      (err) => setError(errorText(err)),
    );
  };

  const blocksOf = new Map(doc?.codes.map((c) => [c.id, c.blocks]) ?? []);
  return (
    <section className="codebook" aria-label={words.codebook} data-testid="codebook">
      <button type="button" aria-expanded={open} onClick={() => setOpen(!open)}>
        {words.codebook}
        {view ? ` (${view.labels.length})` : ''}
      </button>
      {open && (
        <div className="codebook-body">
          {view && view.codes.length === 0 && <p className="muted small">No codes yet.</p>}
          <dl>
            {view?.codes.map((code) => (
              <div key={code.id} data-testid="code" className={code.parent_id ? 'code child' : 'code'}>
                <dt>
                  {code.color && <span className="swatch" style={{ background: code.color }} aria-hidden="true" />}
                  {code.name}
                </dt>
                {code.description && <dd>{code.description}</dd>}
                {SHOWN.flatMap(([type, heading]) =>
                  (blocksOf.get(code.id) ?? [])
                    .filter((b) => b.block_type === type && b.body_md.trim())
                    .map((b, i) => (
                      <dd key={`${type}-${i}`}>
                        <span className="muted">{heading}: </span>
                        {b.body_md}
                      </dd>
                    )),
                )}
              </div>
            ))}
          </dl>
          {view && (
            <form onSubmit={propose} onKeyDown={(e) => e.stopPropagation()}>
              <NewCodeFields value={code} onChange={setCode} />
              <button type="submit">{view.can_add ? words.codebook_add_code : words.codebook_propose_code}</button>
            </form>
          )}
          {note && (
            <p className="small" role="status">
              {note}
            </p>
          )}
        </div>
      )}
      <ErrorNote>{error}</ErrorNote>
    </section>
  );
}
