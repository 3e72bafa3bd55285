/**
 * Taking the annotator to one turn's question: a display that hides turns (the web agent viewer shows one step at
 * a time) listens for its field and shows the turn at once, then the question's first control takes the focus,
 * its drawer opened, so a required per-turn question the annotator has not reached can be answered where it is.
 */
type Listener = (index: number) => void;
const listeners = new Map<string, Set<Listener>>();

/** Calls `show` when a turn of `field` is asked for; returns the unsubscribe. */
export function onStepRequest(field: string, show: Listener): () => void {
  const set = listeners.get(field) ?? new Set<Listener>();
  listeners.set(field, set);
  set.add(show);
  return () => {
    set.delete(show);
    if (!set.size) listeners.delete(field);
  };
}

/** Shows turn `index` (id `id`) of `field` and focuses its `scheme` question. */
export function showTurnQuestion(field: string, index: number, id: string, scheme: string): void {
  listeners.get(field)?.forEach((show) => show(index));
  const question = document
    .querySelector(`[data-field="${CSS.escape(field)}"]`)
    ?.querySelector(
      `.turn-questions[data-turn="${CSS.escape(id)}"] .turn-question[data-scheme="${CSS.escape(scheme)}"]`,
    );
  if (!question) return;
  question.closest('details')?.setAttribute('open', '');
  question.scrollIntoView({ block: 'nearest' });
  question.querySelector<HTMLElement>('button, input')?.focus();
}
