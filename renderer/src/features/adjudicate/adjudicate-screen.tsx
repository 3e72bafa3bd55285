/**
 * The Adjudicate screen (#/adjudicate), for adjudicators: the queue of items to settle, each annotator's answers
 * side by side, and the decision with a note. Keyboard first: 1–9 take annotator N's whole answer, Enter saves
 * the decision and opens the next item, j/k (or ↓/↑) move in the queue, n goes to the note, s sets the item aside.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import { useResource } from '../../shared/api/use-resource.js';
import type { AdjudicationConfig, AdjudicationItem, AdjudicationItemView, Schemes } from '../../shared/api/types.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';
import { emptyDecision, submitBody, takeAnnotator, type Decision } from './decision.js';
import { ItemCompare } from './item-compare.js';
import { QueueList, queuePath, type QueueFilters } from './queue-list.js';
import './adjudicate.css';

const NOTE_ID = 'adjudication-note';

function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return target instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit'].includes(target.type);
}

/** The decision already stored for an item, as the screen edits it. */
const fromStored = (view: AdjudicationItemView): Decision =>
  view.decision
    ? {
        labels: view.decision.label_decisions,
        spans: view.decision.span_decisions.map(({ schema, name, start, end }) => ({ schema, name, start, end })),
        notes: view.decision.notes,
        confidence: view.decision.confidence,
      }
    : emptyDecision();

export function AdjudicateScreen() {
  const config = useResource(['adjudicate-config'], () => api.get<AdjudicationConfig>('/adjudicate/api/config'));
  // every cohort's schemes: an adjudicator reviews them all, whatever their own cohort is shown
  const schemeResource = useResource(['adjudicate-schemas'], () => api.get<Schemes>('/adjudicate/api/schemas'));
  const [filters, setFilters] = useState<QueueFilters>({
    scope: 'disagreements',
    schema: '',
    maxAgreement: '',
    status: '',
  });
  const queue = useResource(
    ['adjudicate-queue', filters],
    () => api.get<{ items: AdjudicationItem[]; total: number }>(queuePath(filters)),
    { keepOnChange: true },
  );
  const [selected, setSelected] = useState<string | null>(null);
  const items = queue.data?.items ?? null;
  // the first item to decide opens by itself, and again after the filters change
  useEffect(() => {
    if (!items) return;
    if (!selected || !items.some((i) => i.instance_id === selected))
      setSelected((items.find((i) => i.status !== 'completed') ?? items[0])?.instance_id ?? null);
  }, [items, selected]);
  const view = useResource(['adjudicate-item', selected], () =>
    api.get<AdjudicationItemView>(`/adjudicate/api/item/${encodeURIComponent(selected!)}`),
  );
  const [decision, setDecisionState] = useState<Decision>(emptyDecision());
  const [status, setStatus] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const openedAt = useRef(performance.now());
  const shownView = view.data && view.data.item.instance_id === selected ? view.data : null;
  useEffect(() => {
    if (!shownView) return;
    setDecisionState(fromStored(shownView));
    setError(null);
    openedAt.current = performance.now();
  }, [shownView]);
  const setDecision = useCallback((update: (d: Decision) => Decision) => setDecisionState((d) => update(d)), []);

  const schemes = useMemo(
    () => Object.values(schemeResource.data ?? {}).filter((s) => s.annotation_type !== 'pure_display'),
    [schemeResource.data],
  );
  const latest = useRef({ items, selected, decision, shownView, busy });
  latest.current = { items, selected, decision, shownView, busy };

  const move = useCallback((by: number) => {
    const { items: list, selected: here } = latest.current;
    if (!list?.length) return;
    const at = list.findIndex((i) => i.instance_id === here);
    const next = list[Math.min(list.length - 1, Math.max(0, at + by))];
    if (next) setSelected(next.instance_id);
  }, []);

  /** After a decision or a skip: the next item still to decide after this one (wrapping), else stay. */
  const afterward = useCallback(
    async (done: string) => {
      const fresh = await queue.reload().then(() => latest.current.items);
      const list = fresh ?? [];
      const at = list.findIndex((i) => i.instance_id === done);
      const rest = [...list.slice(at + 1), ...list.slice(0, Math.max(at, 0))];
      const next = rest.find((i) => i.status === 'pending');
      if (next) setSelected(next.instance_id);
      else setStatus((s) => `${s ?? ''} Nothing is left to decide.`.trim());
    },
    [queue],
  );

  /** Sends the shown item's decision or skip, one at a time, says what was done and moves on. */
  const settle = useCallback(
    async (request: (id: string, d: Decision) => Promise<unknown>, done: (id: string) => string) => {
      const { shownView: v, decision: d, busy: b } = latest.current;
      if (!v || b) return;
      setBusy(true);
      setError(null);
      try {
        await request(v.item.instance_id, d);
        setStatus(done(v.item.instance_id));
        await afterward(v.item.instance_id);
      } catch (e) {
        setError(errorText(e));
      } finally {
        setBusy(false);
      }
    },
    [afterward],
  );
  const save = useCallback(
    () =>
      settle(
        (id, d) => api.post('/adjudicate/api/submit', submitBody(id, d, performance.now() - openedAt.current)),
        (id) => `Decision on ${id} saved.`,
      ),
    [settle],
  );
  const skip = useCallback(
    () =>
      settle(
        (id) => api.post(`/adjudicate/api/skip/${encodeURIComponent(id)}`),
        (id) => `${id} set aside.`,
      ),
    [settle],
  );

  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (document.querySelector('[data-modal]')) return;
      if (typingIn(e.target)) {
        if (e.key === 'Escape') (e.target as HTMLElement).blur();
        else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          void save();
        }
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      const v = latest.current.shownView;
      const digit = '123456789'.indexOf(e.key);
      if (digit >= 0 && v && digit < v.item.annotators.length) {
        e.preventDefault();
        const annotator = v.item.annotators[digit];
        setDecision((d) => takeAnnotator(v.item, annotator, d));
        return;
      }
      const onButton = e.target instanceof HTMLButtonElement || e.target instanceof HTMLAnchorElement;
      if (e.key === 'Enter' && !onButton) {
        e.preventDefault();
        void save();
      } else if (e.key === 'j' || e.key === 'ArrowDown') {
        e.preventDefault();
        move(1);
      } else if (e.key === 'k' || e.key === 'ArrowUp') {
        e.preventDefault();
        move(-1);
      } else if (e.key === 'n') {
        e.preventDefault();
        document.getElementById(NOTE_ID)?.focus();
      } else if (e.key === 's') {
        e.preventDefault();
        void skip();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [save, skip, move, setDecision]);

  if (config.error) return <ErrorNote onRetry={() => void config.reload()}>{config.error}</ErrorNote>;
  if (!config.data || !schemeResource.data) return <Loading what="the adjudication queue" />;
  const c = config.data;
  return (
    <div className="adjudicate">
      <h1>Adjudicate</h1>
      <p className="hint">
        <kbd>1</kbd>–<kbd>9</kbd> take an annotator's whole answer · <kbd>Enter</kbd> save the decision and open the
        next item · <kbd>j</kbd>/<kbd>k</kbd> next/previous item · <kbd>n</kbd> note · <kbd>s</kbd> set aside
      </p>
      <ErrorNote onRetry={() => void queue.reload()}>{queue.error}</ErrorNote>
      <p role="status" className="save-state" data-testid="adjudicate-status">
        {status}
      </p>
      <div className="adjudicate-body">
        <QueueList
          filters={filters}
          setFilters={setFilters}
          schemes={schemes}
          items={items}
          selected={selected}
          onSelect={setSelected}
          showAgreement={c.show_agreement_scores}
        />
        <section className="adjudicate-item" aria-label="Item to decide" aria-busy={busy || view.loading}>
          {!selected ? null : !shownView ? (
            view.error ? (
              <ErrorNote onRetry={() => void view.reload()}>{view.error}</ErrorNote>
            ) : (
              <Loading what="the item" />
            )
          ) : (
            <>
              <h2>
                <span className="instance-id" data-testid="adjudicate-item-id">
                  {shownView.item.instance_id}
                </span>{' '}
                {shownView.decision && (
                  <span className="badge badge-done">decided by {shownView.decision.adjudicator_id}</span>
                )}
              </h2>
              <ItemCompare
                item={shownView.item}
                text={shownView.item_text}
                schemes={schemes}
                decision={decision}
                setDecision={setDecision}
                names={shownView.item.annotators}
                showAgreement={c.show_agreement_scores}
                signals={shownView.annotator_signals}
                showTiming={c.show_timing_data}
              />
              <div className="decision-extra">
                <label htmlFor={NOTE_ID}>
                  Note on this decision
                  {c.require_notes_on_override ? ' (needed when you override every annotator)' : ''}
                </label>
                <textarea
                  id={NOTE_ID}
                  rows={2}
                  value={decision.notes}
                  onChange={(e) => setDecision((d) => ({ ...d, notes: e.target.value }))}
                />
                {c.require_confidence && (
                  <label>
                    Confidence{' '}
                    <select
                      value={decision.confidence}
                      onChange={(e) =>
                        setDecision((d) => ({ ...d, confidence: e.target.value as Decision['confidence'] }))
                      }
                    >
                      <option value="high">high</option>
                      <option value="medium">medium</option>
                      <option value="low">low</option>
                    </select>
                  </label>
                )}
              </div>
              <ErrorNote>{error}</ErrorNote>
              <div className="actions">
                <button type="button" onClick={() => move(-1)}>
                  ← Previous <kbd>k</kbd>
                </button>
                <button type="button" className="primary" disabled={busy} onClick={() => void save()}>
                  Save decision ⏎
                </button>
                <button type="button" onClick={() => void skip()} disabled={busy}>
                  Set aside <kbd>s</kbd>
                </button>
                <button type="button" onClick={() => move(1)}>
                  Next <kbd>j</kbd> →
                </button>
              </div>
            </>
          )}
        </section>
      </div>
    </div>
  );
}
