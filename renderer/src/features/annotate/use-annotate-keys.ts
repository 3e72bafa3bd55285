/**
 * The annotate screen's keyboard: label keys pick labels, Enter submits and advances, Ctrl+Z undoes it, arrows or
 * [ ] move, `s` starts keyboard span selection, `a` accepts the AI hint, `g` the pre-annotation, `/` searches the
 * annotator's list, `?` shows the keymap. Keys pressed while a move is under way are held for the next instance.
 */
import { useEffect, useRef } from 'react';
import { commandFor, normKey } from '../../shared/keymap/keymap.js';
import { choose } from './answers.js';
import { SEARCH_ID } from './annotate-top.js';
import { focusNextQuestion, focusQuestion, questionOf } from './question-focus.js';
import { isChoice, schemeUi } from './schemes/registry.js';
import { firstWordInView, stepSelection, wordsCovering } from './segments.js';
import type { Annotation } from './use-annotation.js';
import type { KeyMaps } from './use-key-maps.js';
import type { SpanSelection } from './use-span-selection.js';
import { useTypeAhead } from './use-type-ahead.js';
import { offers } from './schemes/offered-labels.js';
import { offeredIn, SPAN_FILTER_ID } from './span-panel.js';

/** What the screen does on a key, beyond the annotation's own actions. */
interface ScreenActions {
  /** submits, unless a selection waits for its label */
  submit(): void;
  /** Next without submitting, unless a panel holds it */
  next(): void;
  previous(): void;
  acceptAi(): void;
  acceptPrediction(): void;
  /** submits once the answer just set is rendered (triage's auto_advance) */
  advance(): void;
  toggleInstructions(): void;
}

export interface AnnotateKeys {
  a: Annotation;
  selection: SpanSelection;
  keys: KeyMaps;
  actions: ScreenActions;
  help: { open: boolean; set(open: boolean): void };
}

/**
 * `s`: a keyboard selection at the first word in view of the span target focused, else of the one last selected
 * in; pressed again while a keyboard selection waits, it moves to the next span target down the page.
 */
function startWords(selection: SpanSelection, target: EventTarget | null): void {
  const roots = [...document.querySelectorAll<HTMLElement>('[data-span-root]')];
  const fieldOf = (root: Element | null | undefined) => (root as HTMLElement | null)?.dataset.spanRoot || undefined;
  const { pending, wordSel } = selection;
  let at = roots.findIndex((r) => fieldOf(r) === selection.keyField);
  if (pending && wordSel && roots.length > 1)
    at = (roots.findIndex((r) => fieldOf(r) === pending.field) + 1) % roots.length;
  else if (target instanceof Element && target.closest('[data-span-root]'))
    at = roots.indexOf(target.closest<HTMLElement>('[data-span-root]')!);
  // a field without words (an empty one) passes the keyboard on to the next
  for (let i = 0; i < roots.length; i++) {
    const root = roots[(Math.max(0, at) + i) % roots.length];
    const ws = selection.wordsOf(fieldOf(root));
    if (!ws.length) continue;
    const first = firstWordInView(root, ws);
    selection.selectWords({ from: first, to: first }, fieldOf(root));
    return;
  }
}

/** Elements that take typed text: keys typed there are the annotator's text, not commands. */
function typingIn(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable || target instanceof HTMLTextAreaElement || target instanceof HTMLSelectElement)
    return true;
  return target instanceof HTMLInputElement && !['radio', 'checkbox', 'button', 'submit'].includes(target.type);
}

export function useAnnotateKeys(k: AnnotateKeys): void {
  const holdKey = useTypeAhead(k.a.busy, !!k.a.error);
  // the handler is bound once and reads what the screen rendered last, so a render does not rebind it
  const now = useRef(k);
  now.current = k;
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const { a, selection, keys, actions, help } = now.current;
      const { pending, wordSel, selectWords } = selection;
      const { spanChoices, spanKeys, labelKeys, fieldKeys, keySet, hidden } = keys;
      if (document.querySelector('[data-modal]')) return; // a dialog of the shell (log in again, unsaved answers) has the keys
      if (help.open) {
        if (e.key === 'Escape' || e.key === '?') {
          e.preventDefault();
          help.set(false);
        }
        return;
      }
      // a field that handled the key itself (a rating grid's digits, a tree's arrows) keeps it
      if (e.defaultPrevented) return;
      // while a move is under way, keys would act on the instance being left: they wait for the next one
      if (a.busy && e.key !== '?') {
        if (typingIn(e.target)) return;
        e.preventDefault();
        if (!e.ctrlKey && !e.metaKey && !e.altKey) holdKey(e);
        return;
      }
      if (typingIn(e.target)) {
        if (e.key === 'Escape') (e.target as HTMLElement).blur();
        else if (e.key === 'Enter' && (e.ctrlKey || e.metaKey)) {
          e.preventDefault();
          (e.target as HTMLElement).blur();
          actions.submit();
        }
        return;
      }
      if ((e.ctrlKey || e.metaKey) && !e.altKey && !e.shiftKey && e.key.toLowerCase() === 'z') {
        e.preventDefault();
        a.undo();
        return;
      }
      if (e.ctrlKey || e.metaKey || e.altKey) return;
      // a pending span selection owns the arrows, digits and Escape
      if (pending) {
        const ws = selection.wordsOf(pending.field);
        if ((e.key === 'ArrowRight' || e.key === 'ArrowLeft') && ws.length) {
          // a mouse selection becomes the words it covers, then steps like a keyboard one
          const from = wordSel ?? wordsCovering(ws, pending.start, pending.end);
          e.preventDefault();
          if (from) selectWords(stepSelection(from, ws.length, e.key, e.shiftKey), pending.field);
          return;
        }
        if (e.key === 'Escape') {
          e.preventDefault();
          selectWords(null);
          window.getSelection()?.removeAllRanges();
          return;
        }
        if (e.key === '/') {
          const filter = document.getElementById(SPAN_FILTER_ID);
          if (filter) {
            e.preventDefault();
            filter.focus();
            return;
          }
        }
        const spanKey = spanKeys.find((k) => k.key === normKey(e.key));
        const label =
          spanKey &&
          offeredIn(spanChoices, pending.field, selection.fieldTexts).find(
            (l) => l.scheme === spanKey.scheme && l.label === spanKey.label,
          );
        if (label) {
          e.preventDefault();
          selection.label(label);
          return;
        }
      }
      const target = e.target as HTMLElement;
      // a focused choice question takes the number row for its own answers, in order
      const focused = questionOf(target);
      const digit = '1234567890'.indexOf(e.key);
      if (focused && digit >= 0 && a.schemes?.[focused] && isChoice(a.schemes[focused].annotation_type)) {
        const scheme = a.schemes[focused];
        const label = scheme.labels[digit];
        e.preventDefault();
        if (label) a.setAnswers((ans) => choose(ans, scheme, label.name));
        return;
      }
      const field = fieldKeys.find((k) => k.key === normKey(e.key) && !hidden.has(k.scheme));
      if (field && !labelKeys.some((k) => k.key === field.key)) {
        e.preventDefault();
        focusQuestion(field.scheme);
        return;
      }
      const onButton = target instanceof HTMLButtonElement || target instanceof HTMLAnchorElement;
      const onChoice = target instanceof HTMLInputElement && (target.type === 'radio' || target.type === 'checkbox');
      if ((e.key === 'Enter' || e.key === ' ') && onButton) return; // the focused button's own action
      if (e.key.startsWith('Arrow') && onChoice) return; // arrows move within a radio group
      const key = normKey(e.key);
      const bound = labelKeys.find((k) => k.key === key);
      if (bound && hidden.has(bound.scheme)) return; // a hidden question's key does nothing
      if (bound && a.schemes && !offers(a.schemes[bound.scheme], bound.label, a.loaded?.instance.data)) return;
      if (bound && a.schemes) {
        e.preventDefault();
        const scheme = a.schemes[bound.scheme];
        const binding = schemeUi(scheme.annotation_type)
          ?.bindings?.(scheme)
          .find((b) => b.label === bound.label);
        if (binding) {
          a.setAnswers(binding.apply);
          if (binding.advance) actions.advance();
        } else a.setAnswers((ans) => choose(ans, scheme, bound.label));
        return;
      }
      const command = commandFor(e.key, keySet);
      if (!command) return;
      e.preventDefault();
      if (pending && (command === 'submit' || command === 'next' || command === 'prev' || command === 'unannotated'))
        selection.setAskLabel(true);
      else if (command === 'help') help.set(true);
      else if (command === 'search') document.getElementById(SEARCH_ID)?.focus();
      else if (command === 'instructions') actions.toggleInstructions();
      else if (command === 'nextQuestion') focusNextQuestion(target);
      else if (command === 'submit') actions.submit();
      else if (command === 'next') actions.next();
      else if (command === 'prev') actions.previous();
      else if (command === 'unannotated') void a.go('jump_to_unannotated');
      else if (command === 'acceptAi') actions.acceptAi();
      else if (command === 'acceptPrediction') actions.acceptPrediction();
      else if (command === 'spanMode' && spanChoices.length) startWords(selection, target);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [holdKey]);
}
