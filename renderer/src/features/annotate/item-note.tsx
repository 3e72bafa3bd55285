/**
 * The annotator's note and flags on the instance shown: Shift+N goes to the note (Enter saves it, Escape leaves
 * it), Shift+U / Shift+B / Shift+D toggle "unsure", "broken item" and "needs discussion". Each change is saved at
 * once, apart from the answers: a note never counts as an annotation.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import { FLAG_NAMES, ITEM_FLAGS, type ItemFlag, type ItemNote as Note } from '../../shared/api/types.js';

const FLAG_KEYS: Record<ItemFlag, string> = { unsure: 'U', broken: 'B', discuss: 'D' };
const NOTE_KEY = 'N';
const NOTE_INPUT_ID = 'item-note-input';

/** Elements that take typed text: their keys are the annotator's text. */
const typing = (t: EventTarget | null) =>
  t instanceof HTMLElement &&
  (t.isContentEditable ||
    t instanceof HTMLTextAreaElement ||
    t instanceof HTMLSelectElement ||
    (t instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit'].includes(t.type)));

/** notes saved from this page, newer than what a kept instance view says */
const savedHere = new Map<string, Note>();

/** `known`: the note as the instance's view brought it, so showing an instance asks nothing more of the server. */
export function ItemNote({ instanceId, known }: { instanceId: string; known?: Note }) {
  const here = () => savedHere.get(instanceId) ?? known ?? null;
  const [saved, setSaved] = useState<Note | null>(here);
  const [draft, setDraft] = useState(() => here()?.note ?? '');
  const [state, setState] = useState<'' | 'saving' | 'saved' | { error: string }>('');
  // another instance shown: its note is taken in this same render, not in an effect's second render before paint
  const [shownFor, setShownFor] = useState(instanceId);
  if (shownFor !== instanceId) {
    const note = here();
    setShownFor(instanceId);
    setSaved(note);
    setDraft(note?.note ?? '');
    setState('');
  }
  const latest = useRef(instanceId);
  latest.current = instanceId;
  // only the newest save's answer is shown: an older one arriving late would undo a quick second toggle
  const saves = useRef(0);

  // a view without the note (an older server) asks for it
  useEffect(() => {
    if (savedHere.has(instanceId) || known) return;
    api.get<{ note: Note }>(`/api/item_note?instance_id=${encodeURIComponent(instanceId)}`).then(
      ({ note }) => {
        if (latest.current !== instanceId) return;
        setSaved(note);
        setDraft(note.note);
      },
      (e) => latest.current === instanceId && setState({ error: errorText(e) }),
    );
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per instance shown
  }, [instanceId]);

  const save = useCallback(
    async (change: { note?: string; flags?: ItemFlag[] }) => {
      setState('saving');
      const n = ++saves.current;
      try {
        const { note } = await api.post<{ note: Note }>('/api/item_note', { instance_id: instanceId, ...change });
        savedHere.set(instanceId, note);
        if (latest.current !== instanceId || n !== saves.current) return;
        setSaved(note);
        setState('saved');
      } catch (e) {
        if (latest.current === instanceId && n === saves.current) setState({ error: errorText(e) });
      }
    },
    [instanceId],
  );

  const flags = saved?.flags ?? [];
  const toggle = useCallback(
    (flag: ItemFlag) => {
      if (!saved) return;
      const next = saved.flags.includes(flag) ? saved.flags.filter((f) => f !== flag) : [...saved.flags, flag];
      setSaved({ ...saved, flags: ITEM_FLAGS.filter((f) => next.includes(f)) });
      void save({ flags: next });
    },
    [saved, save],
  );

  // capture phase: these keys are this panel's before a label or field claims the letter
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (
        !e.shiftKey ||
        e.ctrlKey ||
        e.metaKey ||
        e.altKey ||
        typing(e.target) ||
        document.querySelector('[data-modal]')
      )
        return;
      const key = e.key.toUpperCase();
      const flag = ITEM_FLAGS.find((f) => FLAG_KEYS[f] === key);
      if (!flag && key !== NOTE_KEY) return;
      e.preventDefault();
      e.stopPropagation();
      if (flag) toggle(flag);
      else document.getElementById(NOTE_INPUT_ID)?.focus();
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [toggle]);

  const saveNote = () => {
    if (saved && draft.trim() !== saved.note) void save({ note: draft });
  };

  return (
    <div className="item-note" role="group" aria-label="Note and flags" data-testid="item-note">
      <label htmlFor={NOTE_INPUT_ID}>
        Note <kbd>⇧N</kbd>
      </label>
      <input
        id={NOTE_INPUT_ID}
        value={draft}
        maxLength={4000}
        disabled={!saved}
        placeholder="A remark on this item for the project team"
        aria-keyshortcuts="Shift+N"
        onChange={(e) => setDraft(e.target.value)}
        onBlur={saveNote}
        onKeyDown={(e) => {
          if (e.key === 'Enter') {
            // the note's own Enter: neither the form's submit nor the screen's keys
            e.preventDefault();
            e.stopPropagation();
            saveNote();
            e.currentTarget.blur();
          } else if (e.key === 'Escape') {
            e.stopPropagation();
            setDraft(saved?.note ?? '');
            e.currentTarget.blur();
          }
        }}
      />
      <div className="flags">
        {ITEM_FLAGS.map((f) => (
          <button
            key={f}
            type="button"
            className={`flag${flags.includes(f) ? ' flag-on' : ''}`}
            aria-pressed={flags.includes(f)}
            aria-keyshortcuts={`Shift+${FLAG_KEYS[f]}`}
            disabled={!saved}
            onClick={() => toggle(f)}
            data-testid={`flag-${f}`}
          >
            {FLAG_NAMES[f]} <kbd>⇧{FLAG_KEYS[f]}</kbd>
          </button>
        ))}
      </div>
      <span className="muted small" role="status" data-testid="item-note-state">
        {state === 'saving' ? 'Saving note…' : state === 'saved' ? 'Note saved' : ''}
      </span>
      {typeof state === 'object' && <span className="bad small">{state.error}</span>}
    </div>
  );
}
