/**
 * The mobile card stack (Potato's Pocket Mode): one card per item, its text as text, large buttons in the
 * thumb zone for choice schemes and plain inputs for values, Previous and Next (or a swipe right and left). Each
 * card's answers are saved with POST /updateinstance, the desktop page's own submission, and a short vibration
 * confirms each save where the phone has one; a single-choice task moves on at the tap. Without a
 * connection the cards of the batch already loaded can still be answered: their saves wait in the offline queue
 * (offline-queue.ts) and go when the server is back, and the page opens again offline where it was
 * (offline-page.ts).
 */
import { useCallback, useEffect, useState } from 'react';
import { api, ApiError, errorText } from '../../shared/api/client.js';
import type { PocketBatch, PocketTask } from '../../shared/api/types.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';
import { useUiText } from '../../shared/ui-text.js';
import { enqueue, flushQueue, queuedSaves, sendSave, worthKeeping } from './offline-queue.js';
import { keepBatch, keptBatch, useOfflinePage } from './offline-page.js';
import { useSwipe } from './swipe.js';
import { rememberDesktopChoice } from './desktop-notice.js';
import './pocket.css';

type Card = PocketBatch['items'][number];
type PocketScheme = PocketTask['schemas'][number];
/** scheme → label → value, as the submission's `scheme:label` keys carry them */
type CardAnswers = Record<string, Record<string, string>>;

/** how often answers kept offline are tried again while any wait */
const RETRY_MS = 4000;
const CHOICE = new Set(['radio', 'likert', 'multiselect']);
const VALUE = new Set(['text', 'textbox', 'number', 'slider']);

export function PocketScreen({ user, onFinished }: { user: string; onFinished: () => void }) {
  const [task, setTask] = useState<PocketTask | null>(null);
  const [cards, setCards] = useState<Card[]>([]);
  const [progress, setProgress] = useState({ done: 0, total: 0 });
  const [at, setAt] = useState(0);
  const [answers, setAnswers] = useState<Record<string, CardAnswers>>({});
  const [error, setError] = useState<string | null>(null);
  const [waiting, setWaiting] = useState(() => queuedSaves(user).length);
  const words = useUiText();

  const flush = useCallback(async () => {
    const before = queuedSaves(user).length;
    const refused = await flushQueue(user);
    const after = queuedSaves(user).length;
    setWaiting(after);
    if (after < before)
      api.get<PocketBatch>('/pocket/api/batch?n=1').then(
        (b) => setProgress({ done: b.done, total: b.total }),
        () => undefined,
      );
    if (refused.length) setError(`The server refused answers given offline: ${refused.join('; ')}`);
  }, [user]);
  useEffect(() => {
    void flush();
    const online = () => void flush();
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [flush]);
  // the online event can come before requests go through again (or not at all on a flaky link), so while answers
  // wait they are tried again every few seconds; a send that still fails leaves them queued as before
  useEffect(() => {
    if (!waiting) return;
    const timer = setInterval(() => {
      if (navigator.onLine) void flush();
    }, RETRY_MS);
    return () => clearInterval(timer);
  }, [waiting, flush]);

  const load = useCallback(async () => {
    try {
      const [t, b] = await Promise.all([
        api.get<PocketTask>('/pocket/api/task'),
        api.get<PocketBatch>('/pocket/api/batch').catch((e: unknown) => {
          // opened again without a connection: the batch as this phone last showed it, answers and all
          const kept = e instanceof ApiError && e.status === 0 ? keptBatch(user) : null;
          if (!kept) throw e;
          return kept;
        }),
      ]);
      setTask(t);
      if ('cards' in b) {
        setCards(b.cards);
        setAnswers(b.answers);
        setProgress(b.progress);
        setAt(b.at);
      } else {
        setCards(b.items);
        setProgress({ done: b.done, total: b.total });
        setAt(0);
      }
    } catch (e) {
      setError(errorText(e));
    }
  }, [user]);
  useEffect(() => {
    void load();
  }, [load]);
  useOfflinePage();
  useEffect(() => rememberDesktopChoice(false), []);
  useEffect(() => {
    if (cards.length) keepBatch(user, { cards, answers, at, progress });
  }, [user, cards, answers, at, progress]);

  if (error && !task) return <ErrorNote onRetry={() => void load()}>{error}</ErrorNote>;
  if (!task) return <Loading what="your items" />;
  if (!task.capable)
    return (
      <p className="notice" role="status">
        This task is not made for phones (it asks for {task.incompatible_schemes.join(', ')}). Please use a desktop
        browser: <a href="/annotate?desktop=1">open the desktop page</a>.
      </p>
    );

  const card = cards[at] as Card | undefined;
  const shown = task.schemas.filter((s) => CHOICE.has(s.annotation_type) || VALUE.has(s.annotation_type));
  const single = shown.length === 1 && (shown[0].annotation_type === 'radio' || shown[0].annotation_type === 'likert');
  const mine = card ? (answers[card.instance_id] ?? {}) : {};

  const save = async (id: string, a: CardAnswers) => {
    const flat: Record<string, string> = {};
    for (const [scheme, labels] of Object.entries(a))
      for (const [label, value] of Object.entries(labels)) if (value !== '') flat[`${scheme}:${label}`] = value;
    try {
      await sendSave({ instance_id: id, annotations: flat });
    } catch (e) {
      if (!worthKeeping(e)) throw e;
      enqueue(user, { instance_id: id, annotations: flat });
      setWaiting(queuedSaves(user).length);
      tick();
      return;
    }
    tick();
    if (queuedSaves(user).length) await flush();
    const b = await api.get<PocketBatch>(`/pocket/api/batch?n=1`);
    setProgress({ done: b.done, total: b.total });
    if (b.items.length === 0) onFinished();
  };
  const saveAndNext = async (a: CardAnswers) => {
    if (!card) return;
    setError(null);
    try {
      await save(card.instance_id, a);
      setAt((i) => i + 1);
    } catch (e) {
      setError(errorText(e));
    }
  };
  const set = (scheme: PocketScheme, label: string, value: string) => {
    if (!card) return;
    const before = mine[scheme.name] ?? {};
    const next =
      scheme.annotation_type === 'multiselect'
        ? { ...before, [label]: before[label] ? '' : 'true' }
        : VALUE.has(scheme.annotation_type)
          ? { [label]: value }
          : { [label]: 'true' };
    const a = { ...mine, [scheme.name]: next };
    setAnswers((all) => ({ ...all, [card.instance_id]: a }));
    if (single) void saveAndNext(a);
  };

  return (
    <section className="pocket" aria-label="Card stack">
      <header className="pocket-head">
        <span data-testid="pocket-progress">
          {progress.done} / {progress.total}
        </span>
        <progress max={progress.total || 1} value={progress.done} />
        <a href="/annotate?desktop=1" onClick={() => rememberDesktopChoice(true)}>
          {words.pocket_desktop_site}
        </a>
      </header>
      {waiting > 0 && (
        <p className="pocket-sync" role="status">
          {words.pocket_offline_queued}: {waiting}
        </p>
      )}
      {card ? (
        <CardView
          card={card}
          // a swipe does what the buttons under the card do: the previous card, and Next or Save & next
          onPrevious={() => setAt((i) => Math.max(0, i - 1))}
          onNext={() => (single ? setAt((i) => Math.min(i + 1, cards.length - 1)) : void saveAndNext(mine))}
        />
      ) : (
        <p className="notice done" role="status">
          {words.pocket_batch_done}{' '}
          <button type="button" className="link" onClick={() => void load()}>
            {words.pocket_load_more}
          </button>
        </p>
      )}
      {card && (
        <div className="pocket-controls">
          {shown.map((s) => (
            <fieldset key={s.name} className="pocket-scheme">
              <legend>{s.displayed_name ?? s.description ?? s.name}</legend>
              {CHOICE.has(s.annotation_type) ? (
                <div className="pocket-buttons">
                  {s.labels.map((l) => (
                    <button
                      key={l}
                      type="button"
                      aria-pressed={mine[s.name]?.[l] === 'true'}
                      onClick={() => set(s, l, 'true')}
                    >
                      {l}
                    </button>
                  ))}
                </div>
              ) : (
                <input
                  aria-label={s.displayed_name ?? s.name}
                  type={s.annotation_type === 'number' ? 'number' : s.annotation_type === 'slider' ? 'range' : 'text'}
                  min={s.min}
                  max={s.max}
                  step={s.step}
                  value={mine[s.name]?.[s.labels[0]] ?? ''}
                  onChange={(e) => set(s, s.labels[0], e.target.value)}
                />
              )}
            </fieldset>
          ))}
          <ErrorNote>{error}</ErrorNote>
          <nav className="pocket-nav" aria-label="Cards">
            <button type="button" disabled={at === 0} onClick={() => setAt((i) => i - 1)}>
              {words.previous_button}
            </button>
            {single ? (
              <button type="button" disabled={at >= cards.length - 1} onClick={() => setAt((i) => i + 1)}>
                {words.next_button}
              </button>
            ) : (
              <button type="button" className="primary" onClick={() => void saveAndNext(mine)}>
                {words.pocket_save_next}
              </button>
            )}
          </nav>
        </div>
      )}
    </section>
  );
}

function CardView({ card, onNext, onPrevious }: { card: Card; onNext: () => void; onPrevious: () => void }) {
  const swipe = useSwipe(onNext, onPrevious);
  return (
    <article className="pocket-card" data-instance={card.instance_id} {...swipe}>
      <p className="pocket-text">{card.text}</p>
    </article>
  );
}

/** The haptic tick on a save (kept on the phone or sent); phones without a vibrator, and desktops, have none. */
function tick() {
  if ('vibrate' in navigator) navigator.vibrate(10);
}
