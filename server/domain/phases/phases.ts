/** Phases of a study, pure: their definitions, answer checking and training scores. */
import { invalid } from '../errors.js';
import { instructionsHtml } from '../display/instructions.js';
import { hiddenBy, type Comparable, type DisplayLogic } from '../../../shared/display-logic.js';

export type PhaseType = 'consent' | 'instructions' | 'training' | 'prestudy' | 'annotation' | 'poststudy';

export interface Question {
  id: string;
  text: string;
  type: 'radio' | 'multiselect' | 'text' | 'number';
  options?: string[];
  /** a one-answer question drawn as a drop-down list (Potato's select scheme, e.g. a list of countries) */
  dropdown?: boolean;
  /** training only */
  correct?: string | string[];
  required: boolean;
  explanation?: string;
  /** the only answers that let the annotator go on (a consent's "I agree") */
  accept?: string[];
  /** asked only when answers on this page or an earlier one satisfy it (Potato's display_logic) */
  display_logic?: DisplayLogic;
  /** training only: the training instance asked about, whose questions Potato's walk grades together */
  item?: string;
}

export interface PhaseDefinition {
  name: string;
  type: PhaseType;
  title: string;
  content: string;
  questions: Question[];
  /** training: share of questions to get right */
  passingScore: number;
  maxAttempts: number | null;
}

export type Answers = Record<string, string | string[]>;

const comparable = (v: unknown): Comparable => {
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') return String(v);
  if (Array.isArray(v)) return v.map(String);
  return undefined;
};

/**
 * The questions of a phase its answers hide: conditions read this page's answers, else those given on earlier
 * pages (`earlier`: question id → answer).
 */
export function hiddenQuestions(
  phase: PhaseDefinition,
  given: Record<string, unknown>,
  earlier: Answers,
): ReadonlySet<string> {
  const rules = new Map<string, DisplayLogic>();
  for (const q of phase.questions) if (q.display_logic) rules.set(q.id, q.display_logic);
  if (!rules.size) return rules as unknown as ReadonlySet<string>;
  const here = new Set(phase.questions.map((q) => q.id));
  return hiddenBy(rules, (name) => comparable(here.has(name) ? given[name] : earlier[name]));
}

/** Every answer given on the phases done so far, by question id (a later page's answer wins). */
export const answersSoFar = (byPhase: Record<string, Answers>): Answers => Object.assign({}, ...Object.values(byPhase));

const unanswered = (value: unknown) =>
  value === undefined || value === null || value === '' || (Array.isArray(value) && !value.length);

/** One answer checked against its question and normalised; a refusal names the question. */
function checkValue(q: Question, value: unknown): string | string[] {
  const values = (Array.isArray(value) ? value : [value]).map((v) =>
    typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean' ? String(v) : undefined,
  );
  if (values.some((v) => v === undefined || v.length > 10_000))
    throw invalid(`answers.${q.id}: answers are strings or numbers`);
  const clean = values as string[];
  if (q.type !== 'multiselect' && clean.length > 1) throw invalid(`answers.${q.id}: give one answer`);
  if (q.options && clean.some((v) => !q.options!.includes(v)))
    throw invalid(`answers.${q.id}: choose one of ${q.options.join(', ')}`);
  if (q.accept && !clean.some((v) => q.accept!.includes(v)))
    throw invalid(`answers.${q.id}: choose ${q.accept.join(' or ')} to go on`);
  if (q.type === 'number' && clean.some((v) => !Number.isFinite(Number(v))))
    throw invalid(`answers.${q.id}: must be a number`);
  return q.type === 'multiselect' ? clean : clean[0];
}

/**
 * Checks answers against the questions and returns them normalised; a refusal names the question. A question
 * hidden by its conditions is not asked: it needs no answer and an answer given to it is not kept.
 */
export function checkAnswers(phase: PhaseDefinition, given: Record<string, unknown>, earlier: Answers = {}): Answers {
  const out: Answers = {};
  const hidden = hiddenQuestions(phase, given, earlier);
  for (const q of phase.questions) {
    if (hidden.has(q.id)) continue;
    const value = given[q.id];
    if (unanswered(value)) {
      if (q.required) throw invalid(`answers.${q.id}: this question needs an answer`);
      continue;
    }
    out[q.id] = checkValue(q, value);
  }
  return out;
}

/**
 * Answers saved on a page before it is sent (Potato's pages save as the annotator goes): each checked as
 * `checkAnswers` does, but none is required yet. An answer to no question of the phase is refused.
 */
export function checkPartial(phase: PhaseDefinition, given: Record<string, unknown>): Answers {
  const out: Answers = {};
  const byId = new Map(phase.questions.map((q) => [q.id, q]));
  for (const [id, value] of Object.entries(given)) {
    const q = byId.get(id);
    if (!q) throw invalid(`answers.${id}: the ${phase.name} page has no such question`);
    // the answer that lets the annotator go on (a consent's "Yes") is asked for when the page is sent
    if (!unanswered(value)) out[id] = checkValue({ ...q, accept: undefined }, value);
  }
  return out;
}

/**
 * The items of a training phase, each graded as one page of Potato's walk: the questions asked about one
 * training instance, or a question alone when it names none.
 */
export function trainingItems(phase: PhaseDefinition): Question[][] {
  const items: Question[][] = [];
  const byItem = new Map<string, Question[]>();
  for (const q of phase.questions) {
    if (q.item === undefined) {
      items.push([q]);
      continue;
    }
    let group = byItem.get(q.item);
    if (!group) byItem.set(q.item, (group = []));
    if (!group.length) items.push(group);
    group.push(q);
  }
  return items;
}

export interface TrainingScore {
  correct: number;
  total: number;
  passed: boolean;
  /** per question: whether it was right, with the explanation when one is configured */
  feedback: { id: string; correct: boolean; explanation?: string }[];
}

export function scoreTraining(phase: PhaseDefinition, answers: Answers): TrainingScore {
  const feedback = phase.questions.map((q) => {
    const want = Array.isArray(q.correct) ? q.correct : [q.correct ?? ''];
    const got =
      answers[q.id] === undefined
        ? []
        : Array.isArray(answers[q.id])
          ? (answers[q.id] as string[])
          : [answers[q.id] as string];
    const correct =
      want.length === got.length &&
      want.every((w) => got.some((g) => g.trim().toLowerCase() === w.trim().toLowerCase()));
    return { id: q.id, correct, ...(q.explanation ? { explanation: q.explanation } : {}) };
  });
  const correct = feedback.filter((f) => f.correct).length;
  const total = feedback.length;
  return { correct, total, passed: total === 0 || correct / total >= phase.passingScore - 1e-9, feedback };
}

/** A phase as annotators see it: questions without their answers. */
export function publicView(phase: PhaseDefinition) {
  return {
    phase: phase.name,
    type: phase.type,
    title: phase.title,
    content: phase.content,
    /** the content's Markdown rendered and sanitized, as the phase page shows it */
    content_html: phase.content ? instructionsHtml(phase.content) : '',
    questions: phase.questions.map(({ correct: _hidden, explanation: _later, ...q }) => q),
  };
}
