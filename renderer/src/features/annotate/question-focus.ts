/** Moving the keyboard focus between the questions of the form (fieldsets carrying data-scheme). */

const QUESTIONS = 'form.schemes fieldset[data-scheme]';

/**
 * Focuses the chosen answer within `root`, else its first control. Two queries, because a selector list
 * (`input:checked, input`) matches in document order and so would always give the first control.
 */
export function focusChosen(
  root: Element | null | undefined,
  controls = 'input, textarea, select',
): HTMLElement | null {
  const control = root?.querySelector<HTMLElement>('input:checked') ?? root?.querySelector<HTMLElement>(controls);
  control?.focus();
  return control ?? null;
}

/** Puts the focus on a question's control: its chosen answer, else its first control. */
export function focusQuestion(scheme: string): boolean {
  const fieldset = document.querySelector<HTMLFieldSetElement>(`${QUESTIONS}[data-scheme="${CSS.escape(scheme)}"]`);
  const control = focusChosen(fieldset);
  control?.scrollIntoView({ block: 'nearest' });
  return !!control;
}

/** Focuses the question after the one holding the focus (the first when none does), wrapping around. */
export function focusNextQuestion(from: EventTarget | null): void {
  const all = [...document.querySelectorAll<HTMLFieldSetElement>(QUESTIONS)];
  if (!all.length) return;
  const current = from instanceof Element ? from.closest<HTMLFieldSetElement>(QUESTIONS) : null;
  const next = all[(current ? all.indexOf(current) + 1 : 0) % all.length];
  focusQuestion(next.dataset.scheme!);
}

/** The question holding the element, if any. */
export const questionOf = (el: EventTarget | null): string | undefined =>
  el instanceof Element ? (el.closest<HTMLFieldSetElement>(QUESTIONS)?.dataset.scheme ?? undefined) : undefined;
