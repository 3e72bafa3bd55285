/**
 * Editing one code in place: its name and description (PATCH, where the mode lets the user) and its prose blocks,
 * saved from the version they were opened at. When someone else saved first the server answers 409
 * `stale_content` with what is there now: the editor says so in a sentence, keeps the user's text, shows theirs,
 * and lets the user reload it or keep their own and save again. Nothing typed is dropped without the user's word.
 */
import { useState, type FormEvent } from 'react';
import { api, ApiError, errorText } from '../../shared/api/client.js';
import type { CodebookBlock, CodebookCode, CodebookSave } from '../../shared/api/types.js';
import { ErrorNote } from '../../shared/components/status.js';
import type { BlockTypes } from './code-entry.js';

interface Stale {
  error: 'stale_content';
  current_version: number;
  current_blocks: CodebookBlock[];
  current_md: string;
}
const isStale = (body: unknown): body is Stale =>
  typeof body === 'object' && body !== null && (body as { error?: unknown }).error === 'stale_content';

const filled = (blocks: CodebookBlock[]) => blocks.filter((b) => b.body_md.trim());
const same = (a: CodebookBlock[], b: CodebookBlock[]) => JSON.stringify(filled(a)) === JSON.stringify(filled(b));

export function CodeEditor(props: {
  code: CodebookCode;
  version: number;
  blocks: CodebookBlock[];
  blockTypes: BlockTypes;
  canEdit: boolean;
  canEditContent: boolean;
  onDone: (message: string) => void;
  onCancel: () => void;
}) {
  const { code, blockTypes, canEdit } = props;
  // what the server holds, as far as this editor knows: the base of the next save
  const [held, setHeld] = useState({ name: code.name, description: code.description });
  const [base, setBase] = useState({ version: props.version, blocks: props.blocks });
  const [name, setName] = useState(code.name);
  const [description, setDescription] = useState(code.description);
  const [blocks, setBlocks] = useState<CodebookBlock[]>(props.blocks.length ? props.blocks : []);
  const [minor, setMinor] = useState(false);
  const [conflict, setConflict] = useState<Stale | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const setBlock = (i: number, change: Partial<CodebookBlock>) =>
    setBlocks(blocks.map((b, j) => (j === i ? { ...b, ...change } : b)));

  const save = async (e: FormEvent) => {
    e.preventDefault();
    setError(null);
    setBusy(true);
    const done: string[] = [];
    try {
      const renamed = name.trim() !== held.name;
      const described = description !== held.description;
      if (canEdit && (renamed || described)) {
        const body = { ...(renamed ? { name: name.trim() } : {}), ...(described ? { description } : {}) };
        await api.patch(`/api/codebook/${encodeURIComponent(code.id)}`, body);
        setHeld({ name: name.trim(), description });
        done.push(`Saved “${name.trim()}”.`);
      } else if (renamed) {
        await api.post('/api/codebook/proposals', { op: 'rename', payload: { code_id: code.id, name: name.trim() } });
        done.push(`Proposed renaming “${held.name}” to “${name.trim()}”: an admin will decide.`);
      }
      if (!same(blocks, base.blocks)) {
        const body = { code_id: code.id, base_version: base.version, blocks: filled(blocks), minor };
        const r = await api.put<CodebookSave>('/api/codebook/blocks', body);
        if ('queued' in r) done.push(`Proposed the new text of “${name.trim()}”: an admin will decide.`);
        else if ('scope_version' in r) done.push(`Saved the text of “${name.trim()}” as version ${r.scope_version}.`);
      }
      props.onDone(done.length ? done.join(' ') : 'Nothing to save: no changes.');
    } catch (err) {
      if (err instanceof ApiError && err.status === 409 && isStale(err.body)) setConflict(err.body);
      else setError(errorText(err));
      // what did go through (a rename before a stale prose save) is said too
      if (done.length) setError((m) => [...done, m].filter(Boolean).join(' '));
    } finally {
      setBusy(false);
    }
  };

  /** take the other save's text in place of the user's */
  const reload = (c: Stale) => {
    setBase({ version: c.current_version, blocks: c.current_blocks });
    setBlocks(c.current_blocks);
    setConflict(null);
  };
  /** keep the user's text; the next save replaces theirs knowingly */
  const keepMine = (c: Stale) => {
    setBase({ version: c.current_version, blocks: c.current_blocks });
    setConflict(null);
  };

  const titleId = `edit-${code.id}`;
  return (
    <form className="codebook-editor" aria-labelledby={titleId} onSubmit={(e) => void save(e)}>
      <h3 id={titleId}>Editing {held.name}</h3>
      <label>
        Name
        <input value={name} onChange={(e) => setName(e.target.value)} required maxLength={200} />
      </label>
      {canEdit && (
        <label>
          Description
          <textarea value={description} onChange={(e) => setDescription(e.target.value)} maxLength={5000} />
        </label>
      )}
      {blocks.map((b, i) => (
        <fieldset key={i} className="codebook-block">
          <legend>Block {i + 1}</legend>
          <label>
            Type
            <select value={b.block_type} onChange={(e) => setBlock(i, { block_type: e.target.value })}>
              {blockTypes.map((t) => (
                <option key={t.key} value={t.key}>
                  {t.key === 'custom' ? 'Other (own heading)' : t.heading}
                </option>
              ))}
            </select>
          </label>
          {b.block_type === 'custom' && (
            <label>
              Heading
              <input
                value={b.custom_label ?? ''}
                onChange={(e) => setBlock(i, { custom_label: e.target.value })}
                maxLength={200}
              />
            </label>
          )}
          <label>
            Text
            <textarea value={b.body_md} onChange={(e) => setBlock(i, { body_md: e.target.value })} rows={3} />
          </label>
          <button type="button" onClick={() => setBlocks(blocks.filter((_, j) => j !== i))}>
            Remove block {i + 1}
          </button>
        </fieldset>
      ))}
      <button
        type="button"
        onClick={() => setBlocks([...blocks, { block_type: 'definition', body_md: '', custom_label: null }])}
      >
        Add a block
      </button>
      {props.canEditContent && (
        <label className="codebook-check">
          <input type="checkbox" checked={minor} onChange={(e) => setMinor(e.target.checked)} />
          Minor edit (wording only: items coded before are not flagged for review)
        </label>
      )}
      {conflict && (
        <div className="codebook-conflict" role="alert">
          <p>
            Someone else saved the text of “{held.name}” while you were editing (it is now at version{' '}
            {conflict.current_version}). Your text was not saved and is still here.
          </p>
          <details>
            <summary>Their version</summary>
            <pre>{conflict.current_md}</pre>
          </details>
          <div className="codebook-actions">
            <button type="button" onClick={() => reload(conflict)}>
              Reload their version
            </button>
            <button type="button" onClick={() => keepMine(conflict)}>
              Keep my text
            </button>
          </div>
        </div>
      )}
      <ErrorNote>{error}</ErrorNote>
      <div className="codebook-actions">
        <button type="submit" disabled={busy || conflict !== null}>
          {props.canEditContent ? 'Save' : 'Propose'}
        </button>
        <button type="button" onClick={props.onCancel}>
          Cancel
        </button>
      </div>
    </form>
  );
}
