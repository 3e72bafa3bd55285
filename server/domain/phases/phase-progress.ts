/**
 * What is stored of each annotator's way through the phases (the `phase_progress` table): where they are, their
 * answers and attempts, the page they are on, and the trail of answer changes saved on phase pages.
 */
import type { AnswerChange } from '../history/item-time.js';
import type { Answers, PhaseDefinition } from './phases.js';

export interface PhaseProgress {
  /** position in the phase order; phases.length means done */
  index: number;
  attempts: Record<string, number>;
  answers: Record<string, Answers>;
  completed: { phase: string; at: string }[];
  /**
   * Potato's page protocol: answers saved on the current phase's page before it is sent, and in a training
   * phase the item its walk is on and how many items were answered right so far.
   */
  page?: { phase: string; answers: Answers; item: number; right: number };
  /**
   * Every change of an answer saved on a phase page, grouped by the page it was made on (Potato's phase pages
   * share one instance id, so a change is attributable only with its phase and page); the latest TRAIL_MAX.
   */
  trail?: PageTrail[];
}

/** Changes saved on one phase page: the phase's name, the page (a training walk's item: `<name>#<n>`). */
interface PageTrail {
  phase: string;
  page: string;
  changes: AnswerChange[];
}

const TRAIL_MAX = 500;

declare module '../ports.js' {
  interface Tables {
    phase_progress: PhaseProgress;
  }
}

export const START: PhaseProgress = { index: 0, attempts: {}, answers: {}, completed: [] };

/** The page state kept for `phase`: the one saved, or a fresh page at its first item. */
export function pageState(p: PhaseProgress, phase: PhaseDefinition): NonNullable<PhaseProgress['page']> {
  return p.page?.phase === phase.name ? p.page : { phase: phase.name, answers: {}, item: 0, right: 0 };
}

/** A page's answers as trail keys: a chosen option `question:option` → option, a typed answer `question:question`. */
export function flatAnswers(phase: PhaseDefinition, answers: Answers): Map<string, string> {
  const out = new Map<string, string>();
  for (const [id, value] of Object.entries(answers)) {
    const choice = phase.questions.find((q) => q.id === id)?.options?.length;
    for (const v of Array.isArray(value) ? value : [value]) out.set(choice ? `${id}:${v}` : `${id}:${id}`, String(v));
  }
  return out;
}

export function extendTrail(
  trail: PageTrail[],
  phase: PhaseDefinition,
  page: { item: number },
  changes: AnswerChange[],
) {
  const name = phase.type === 'training' ? `${phase.name}#${page.item + 1}` : phase.name;
  const last = trail[trail.length - 1];
  const next =
    last && last.phase === phase.name && last.page === name
      ? [...trail.slice(0, -1), { ...last, changes: [...last.changes, ...changes] }]
      : [...trail, { phase: phase.name, page: name, changes }];
  // the oldest changes go first once the trail is full
  let excess = next.reduce((n, t) => n + t.changes.length, 0) - TRAIL_MAX;
  while (excess > 0 && next.length) {
    const drop = Math.min(excess, next[0].changes.length);
    next[0] = { ...next[0], changes: next[0].changes.slice(drop) };
    if (!next[0].changes.length) next.shift();
    excess -= drop;
  }
  return next;
}
