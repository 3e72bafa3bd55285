/**
 * The answers annotators gave on phase pages (consent, surveys, training) as export rows, one per question
 * answered. Conditions are evaluated again against everything the annotator answered on any page, since a
 * page gone back to may since have hidden a later page's question: such an answer is left out, or kept and
 * marked `hidden` when the project keeps them.
 */
import { answersSoFar, hiddenQuestions, type Answers, type PhaseDefinition } from './phases.js';
import type { PhaseProgress } from './phase-progress.js';

export interface PhaseAnswerRow {
  user_id: string;
  phase: string;
  phase_type: PhaseDefinition['type'];
  /** the question's name (Potato's `schema` field) */
  schema: string;
  value: string | string[];
  /** false for answers saved on a page not sent (yet, or again after going back to it) */
  submitted: boolean;
  completed_at: string | null;
  /** only when hidden answers are kept: whether the question's conditions hide it */
  hidden?: boolean;
}

export const PHASE_ANSWER_COLUMNS = [
  'user_id',
  'phase',
  'phase_type',
  'schema',
  'value',
  'submitted',
  'completed_at',
  'hidden',
] as const;

export function* phaseAnswerRows(
  phases: readonly PhaseDefinition[],
  progress: Iterable<[string, PhaseProgress]>,
  keepHidden: boolean,
): Generator<PhaseAnswerRow> {
  for (const [user, p] of progress) {
    const pages: [PhaseDefinition, Answers, boolean][] = [];
    for (const phase of phases) {
      const here = phases[p.index]?.name === phase.name;
      const saved = here && p.page?.phase === phase.name ? p.page.answers : (p.answers[phase.name] ?? null);
      // sent: the phase was completed and the annotator has not come back to its page since
      if (saved) pages.push([phase, saved, !here && p.completed.some((c) => c.phase === phase.name)]);
    }
    const all = { ...answersSoFar(p.answers), ...Object.assign({}, ...pages.map(([, a]) => a)) } as Answers;
    for (const [phase, answers, submitted] of pages) {
      const hidden = hiddenQuestions(phase, answers, all);
      const completedAt = submitted
        ? ([...p.completed].reverse().find((c) => c.phase === phase.name)?.at ?? null)
        : null;
      for (const q of phase.questions) {
        const value = answers[q.id];
        if (value === undefined || (hidden.has(q.id) && !keepHidden)) continue;
        yield {
          user_id: user,
          phase: phase.name,
          phase_type: phase.type,
          schema: q.id,
          value,
          submitted,
          completed_at: completedAt,
          ...(keepHidden ? { hidden: hidden.has(q.id) } : {}),
        };
      }
    }
  }
}
