/** What the annotator is shown of their phase: Potato's phase page, with the answers saved on it and its walk. */
import {
  answersSoFar,
  publicView,
  trainingItems,
  type Answers,
  type PhaseDefinition,
  type Question,
} from './phases.js';
import type { PhaseProgress } from './phase-progress.js';

/** The page an annotator is on, as Potato's page protocol sees it. */
export interface PhasePage {
  phase: PhaseDefinition;
  /** the questions the page asks: a training walk's current item, else every question of the phase */
  questions: Question[];
  /** answers saved on the phase's pages so far, by question id */
  answers: Answers;
  item: number;
  items: number;
}

/** The earlier pages' answers this page's conditions read, so the page shows what the server will ask. */
function earlierAnswers(phase: PhaseDefinition, p: PhaseProgress): { earlier_answers?: Answers } {
  const here = new Set(phase.questions.map((q) => q.id));
  const wanted = phase.questions
    .flatMap((q) => q.display_logic?.show_when.map((c) => c.schema) ?? [])
    .filter((name) => !here.has(name));
  if (!wanted.length) return {};
  const all = answersSoFar(p.answers);
  return {
    earlier_answers: Object.fromEntries(
      wanted.filter((name) => all[name] !== undefined).map((name) => [name, all[name]]),
    ),
  };
}

/** The phase the annotator is on (or the closing page past the last), as GET /api/phase answers it. */
export function phaseView(phases: PhaseDefinition[], p: PhaseProgress, canGoBack: boolean) {
  const base = {
    index: Math.min(p.index, phases.length),
    total: phases.length,
    completed: p.completed,
    can_go_back: canGoBack,
  };
  if (p.index >= phases.length)
    return {
      phase: 'done',
      type: 'done' as const,
      title: 'Done',
      content: 'Thank you: you have completed every phase.',
      content_html: '<p>Thank you: you have completed every phase.</p>',
      questions: [],
      next_phase: null,
      ...base,
    };
  const phase = phases[p.index];
  const page = p.page?.phase === phase.name ? p.page : undefined;
  const view = {
    ...publicView(phase),
    ...earlierAnswers(phase, p),
    // answers saved on the page before it is sent (Potato's pages save as the annotator goes)
    ...(page ? { saved_answers: page.answers } : {}),
    next_phase: phases[p.index + 1]?.name ?? 'done',
    ...base,
  };
  if (phase.type === 'training') {
    const used = p.attempts[phase.name] ?? 0;
    const items = trainingItems(phase).length;
    return {
      ...view,
      // where Potato's one-item-at-a-time walk is: the item its page shows (1-based) and how many are right
      walk: { item: Math.min(page?.item ?? 0, items - 1) + 1, items, right: page?.right ?? 0 },
      attempts: used,
      max_attempts: phase.maxAttempts,
      failed: phase.maxAttempts !== null && used >= phase.maxAttempts,
    };
  }
  return view;
}
