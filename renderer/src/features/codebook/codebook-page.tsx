/**
 * The codebook's full page (Potato's `/codebook`, here at `#/codebook`): every code in tree order with its
 * description and prose blocks, each one editable and with its history where the mode allows, a form to add a
 * code (or propose one in fixed mode), and for admins the proposals waiting for a decision and merging. The
 * codes' text is shown as text, never HTML. It reads the same endpoints Potato's scripts use.
 */
import { useCallback, useEffect, useState } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { CodebookCode, CodebookDocument, CodebookView } from '../../shared/api/types.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';
import { useUiText } from '../../shared/ui-text.js';
import { AddCodeForm } from './add-code-form.js';
import { CodeEntry } from './code-entry.js';
import { ProposalsPanel } from './proposals-panel.js';
import './codebook-page.css';

interface Loaded {
  view: CodebookView;
  doc: CodebookDocument;
}

const MODE: Record<CodebookView['mode'], string> = {
  fixed: 'The codebook is fixed: changes you make are proposed to an admin.',
  extensible: 'Anyone may add codes; other changes are proposed to an admin unless you are one.',
  open: 'Anyone may add, rename and edit codes.',
};

/** The live codes in tree order (a parent before its children), each with its depth. */
function treeOrder(codes: CodebookCode[]): { code: CodebookCode; depth: number }[] {
  const children = new Map<string | null, CodebookCode[]>();
  const ids = new Set(codes.map((c) => c.id));
  for (const c of codes) {
    const parent = c.parent_id && ids.has(c.parent_id) ? c.parent_id : null;
    children.set(parent, [...(children.get(parent) ?? []), c]);
  }
  const out: { code: CodebookCode; depth: number }[] = [];
  const walk = (parent: string | null, depth: number) => {
    for (const c of children.get(parent) ?? []) {
      out.push({ code: c, depth });
      walk(c.id, depth + 1);
    }
  };
  walk(null, 0);
  return out;
}

export function CodebookScreen({ isAdmin }: { isAdmin: boolean }) {
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [note, setNote] = useState<string | null>(null);
  const words = useUiText();

  const load = useCallback(async () => {
    try {
      const [view, doc] = await Promise.all([
        api.get<CodebookView>('/api/codebook'),
        api.get<CodebookDocument>('/api/codebook/document'),
      ]);
      setLoaded({ view, doc });
      setError(null);
    } catch (e) {
      setError(errorText(e));
    }
  }, []);
  useEffect(() => void load(), [load]);

  /** a change went through: say so and read the codebook again */
  const changed = useCallback(
    (message: string) => {
      setNote(message);
      void load();
    },
    [load],
  );

  if (!loaded)
    return error ? <ErrorNote onRetry={() => void load()}>{error}</ErrorNote> : <Loading what="the codebook" />;
  const { view, doc } = loaded;
  const prose = new Map(doc.codes.map((c) => [c.id, c]));
  const codes = treeOrder(view.codes);
  return (
    <section className="codebook-page" aria-labelledby="codebook-title">
      <h1 id="codebook-title">{words.codebook}</h1>
      <p className="muted">{MODE[view.mode]}</p>
      <div aria-live="polite">{note && <p role="status">{note}</p>}</div>
      <ErrorNote onRetry={() => void load()}>{error}</ErrorNote>
      {codes.length === 0 && <p className="muted">No codes yet.</p>}
      <ul className="codebook-codes" aria-label="Codes">
        {codes.map(({ code, depth }) => (
          <li key={code.id} data-testid="codebook-code" style={{ marginInlineStart: `${Math.min(depth, 6)}rem` }}>
            <CodeEntry
              code={code}
              prose={prose.get(code.id) ?? null}
              blockTypes={doc.block_types}
              canEdit={view.can_edit}
              canEditContent={doc.can_edit_content}
              onChanged={changed}
            />
          </li>
        ))}
      </ul>
      <AddCodeForm codes={view.codes} canAdd={view.can_add} onAdded={changed} />
      {isAdmin && <ProposalsPanel codes={view.codes} onChanged={changed} />}
    </section>
  );
}
