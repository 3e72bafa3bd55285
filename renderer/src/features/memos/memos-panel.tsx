/**
 * The annotator's memos on the instance shown, beside the form: notes of their own (private, or shared with the
 * other annotators) and the shared ones of others. Shown only where the project turns memos on (GET /api/study
 * says so; the memo endpoints answer 503 otherwise); folded unless the project opens it at first. Memos are saved at
 * once, apart from the answers.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { Memo, MemoList } from '../../shared/api/types.js';
import { ErrorNote } from '../../shared/components/status.js';
import './memos.css';

type Visibility = Memo['visibility'];

export function MemosPanel({ instanceId, text, me }: { instanceId: string; text: string; me: string }) {
  const [memos, setMemos] = useState<Memo[] | null>(null);
  const [open, setOpen] = useState<boolean | null>(null);
  const [draft, setDraft] = useState('');
  const [visibility, setVisibility] = useState<Visibility | ''>('');
  const [editing, setEditing] = useState<{ id: string; body: string } | null>(null);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef(instanceId);
  latest.current = instanceId;

  useEffect(() => {
    setMemos(null);
    setEditing(null);
    setError(null);
    api.get<MemoList>(`/api/memos?instance_id=${encodeURIComponent(instanceId)}`).then(
      (list) => {
        if (latest.current !== instanceId) return;
        setMemos(list.memos);
        setOpen((o) => o ?? list.open_by_default);
      },
      (e) => {
        if (latest.current === instanceId) setError(errorText(e));
      },
    );
  }, [instanceId]);

  // nothing until the first list has come, so the panel does not appear empty and then fill
  if (memos === null && open === null && !error) return null;

  const run = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await work();
    } catch (e) {
      setError(errorText(e));
    }
  };

  const add = (e: FormEvent) => {
    e.preventDefault();
    e.stopPropagation();
    void run(async () => {
      const { memo } = await api.post<{ memo: Memo }>('/api/memos', {
        instance_id: instanceId,
        body: draft,
        ...(visibility ? { visibility } : {}),
      });
      if (latest.current !== instanceId) return;
      setMemos((list) => [...(list ?? []), memo]);
      setDraft('');
    });
  };

  const saveEdit = () =>
    void run(async () => {
      if (!editing) return;
      const { memo } = await api.patch<{ memo: Memo }>(`/api/memos/${encodeURIComponent(editing.id)}`, {
        body: editing.body,
      });
      setMemos((list) => list?.map((m) => (m.id === memo.id ? memo : m)) ?? null);
      setEditing(null);
    });

  const remove = (id: string) =>
    void run(async () => {
      await api.delete(`/api/memos/${encodeURIComponent(id)}`);
      setMemos((list) => list?.filter((m) => m.id !== id) ?? null);
    });

  const count = memos?.length ?? 0;
  return (
    <section className="memos" aria-label="Memos" data-testid="memos">
      <button type="button" aria-expanded={!!open} onClick={() => setOpen(!open)}>
        Memos{memos ? ` (${count})` : ''}
      </button>
      {open && (
        <div className="memos-body">
          {memos && count === 0 && <p className="muted small">No memos on this item yet.</p>}
          <ul>
            {memos?.map((m) => (
              <li key={m.id} data-testid="memo">
                {m.anchor && <q className="muted">{text.slice(m.anchor.start, m.anchor.end)}</q>}
                {editing?.id === m.id ? (
                  <>
                    <label>
                      Edit memo
                      <textarea value={editing.body} onChange={(e) => setEditing({ id: m.id, body: e.target.value })} />
                    </label>
                    <button type="button" onClick={saveEdit}>
                      Save
                    </button>
                    <button type="button" onClick={() => setEditing(null)}>
                      Cancel
                    </button>
                  </>
                ) : (
                  <p className="memo-body">{m.body}</p>
                )}
                <p className="muted small">
                  {m.created_by === me ? 'You' : m.created_by} · {m.visibility}
                  {m.created_by === me && editing?.id !== m.id && (
                    <>
                      {' '}
                      <button type="button" onClick={() => setEditing({ id: m.id, body: m.body })}>
                        Edit
                      </button>
                      <button type="button" onClick={() => remove(m.id)}>
                        Delete
                      </button>
                    </>
                  )}
                </p>
              </li>
            ))}
          </ul>
          <form onSubmit={add} aria-label="Add a memo">
            <label>
              New memo
              <textarea value={draft} maxLength={4000} onChange={(e) => setDraft(e.target.value)} />
            </label>
            <label>
              Visibility
              <select value={visibility} onChange={(e) => setVisibility(e.target.value as Visibility | '')}>
                <option value="">project default</option>
                <option value="private">private: you and the project’s admins</option>
                <option value="shared">shared with the other annotators</option>
              </select>
            </label>
            <button type="submit" disabled={!draft.trim()}>
              Add memo
            </button>
          </form>
          <ErrorNote>{error}</ErrorNote>
        </div>
      )}
    </section>
  );
}
