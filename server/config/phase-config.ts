/** Turns the `phases` section into the domain's phase definitions; errors name the key. */
import { existsSync, readFileSync } from 'node:fs';
import { phaseBlockSchema, PHASE_TYPES } from './sections/phases.js';
import type { PhaseDefinition, PhaseType, Question } from '../domain/phases/phases.js';
import { PhaseFileError, readSchemeFile, trainingQuestions } from './potato-phase-files.js';
import { checkRules, parseDisplayLogic } from '../domain/display-logic/rules.js';

export class PhaseConfigError extends Error {}

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping => !!v && typeof v === 'object' && !Array.isArray(v);

/** What Potato's phase pages are built from besides the `phases` section itself. */
export interface PhaseSources {
  /** the config's annotation_schemes, whose questions training instances ask */
  schemes: readonly Mapping[];
  /** Potato's top-level `training:` section (data_file, passing_criteria, allow_retry, annotation_schemes) */
  training?: unknown;
  /** older Potato's `surveyflow:` section, read when there is no `phases` section */
  surveyflow?: unknown;
  warn: (message: string) => void;
}

/** Top-level keys read here besides `phases`. */
export const PHASE_SOURCE_KEYS = new Set(['training', 'surveyflow']);

/** Keys of Potato's `training:` section acted on here; the others are warned about. */
const TRAINING_KEYS = new Set(['enabled', 'data_file', 'passing_criteria', 'allow_retry', 'annotation_schemes']);

/** Older Potato's surveyflow: each pre_annotation file a page before annotation, each post_annotation one after. */
function surveyflowSection(
  value: unknown,
  locate: (name: string) => string,
): { order: string[]; [key: string]: unknown } | undefined {
  if (!isMapping(value) || !(value.on === true || value.on === 'true' || value.on === 'True')) return undefined;
  const files = (key: string) => (Array.isArray(value[key]) ? (value[key] as unknown[]).map(String) : []);
  const section: { order: string[]; [key: string]: unknown } = { order: [] };
  const add = (file: string, type: PhaseType, n: number) => {
    const name = `${type}_${n + 1}`;
    section.order.push(name);
    section[name] = { type, file: locate(file) };
  };
  files('pre_annotation').forEach((f, n) => add(f, 'prestudy', n));
  section.order.push('annotation');
  files('post_annotation').forEach((f, n) => add(f, 'poststudy', n));
  return section;
}

const TITLES: Record<PhaseType, string> = {
  consent: 'Consent',
  instructions: 'Instructions',
  training: 'Training',
  prestudy: 'Before you start',
  annotation: 'Annotation',
  poststudy: 'After you finish',
};

export function readPhases(
  given: { order: string[]; [key: string]: unknown } | undefined,
  locate: (name: string) => string,
  sources?: PhaseSources,
): PhaseDefinition[] {
  const warn = sources?.warn ?? (() => undefined);
  // the loader has refused a surveyflow that is not a mapping or false (key-types.ts)
  let flow = surveyflowSection(sources?.surveyflow, locate);
  if (flow && flow.order.length === 1) {
    warn('surveyflow is not acted on: it names no pre_annotation or post_annotation files');
    flow = undefined;
  }
  if (flow && given) warn('surveyflow is not acted on: the phases section is given and is used');
  const section = given ?? flow;
  if (!section)
    return [
      {
        name: 'annotation',
        type: 'annotation',
        title: TITLES.annotation,
        content: '',
        questions: [],
        passingScore: 1,
        maxAttempts: null,
      },
    ];
  const seen = new Set<string>();
  const phases = section.order
    .map((name, n): PhaseDefinition => {
      if (seen.has(name)) throw new PhaseConfigError(`phases.order[${n}]: "${name}" appears twice`);
      seen.add(name);
      const parsed = phaseBlockSchema.safeParse(section[name] ?? {});
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new PhaseConfigError(`phases.${name}.${issue.path.join('.')}: ${issue.message}`);
      }
      const block = parsed.data;
      block.questions.forEach((q, i) => {
        if (q.display_logic === undefined || q.display_logic === null) return;
        q.display_logic = parseDisplayLogic(q.display_logic, (key, reason) => {
          throw new PhaseConfigError(`phases.${name}.questions[${i}].display_logic${key ? `.${key}` : ''}: ${reason}`);
        });
      });
      const type = block.type ?? (PHASE_TYPES as readonly string[]).find((t) => t === name);
      if (!type) throw new PhaseConfigError(`phases.${name}: give it a type (one of ${PHASE_TYPES.join(', ')})`);
      let content = block.content ?? '';
      let fileQuestions: Question[] = [];
      let training: Mapping[] | undefined;
      if (block.file) {
        const file = locate(block.file);
        if (!existsSync(file)) throw new PhaseConfigError(`phases.${name}.file: ${file} not found`);
        if (/\.jsonl?$/i.test(file)) {
          // Potato's pages: a file of annotation schemes (or training instances), not text
          const page = readSchemeFile(file, `phases.${name}.file`, warn);
          content = [content, page.content].filter(Boolean).join('\n\n');
          fileQuestions = page.questions;
          training = page.training;
        } else content = readFileSync(file, 'utf8');
      }
      for (const key of ['instrument', 'instruments']) {
        if (block[key] !== undefined)
          warn(
            `phases.${name}.${key} is not acted on: Potato's bundled survey instruments are not shipped here; give the questions in the block or a file`,
          );
      }
      const passing = { score: block.passing_score, attempts: block.max_attempts ?? null };
      if (type === 'training' && !block.questions.length && (!fileQuestions.length || !training)) {
        const fromSection = readTrainingSection(sources, locate, `phases.${name}`);
        if (training)
          fileQuestions = trainingQuestions(
            training,
            sources?.schemes ?? [],
            `phases.${name}.file: training_instances`,
          );
        else if (fromSection) {
          // as on Potato, an enabled training section is what the training phase asks; a survey file beside it is not
          if (fileQuestions.length)
            warn(
              `phases.${name}.file: its questions are not asked: the training section's instances are the training questions`,
            );
          fileQuestions = fromSection.questions;
          if (fromSection.score !== undefined) passing.score = fromSection.score;
          if (fromSection.attempts !== undefined) passing.attempts = fromSection.attempts;
        }
      }
      block.questions.push(...(fileQuestions as typeof block.questions));
      if (!block.questions.length && !content.trim()) {
        if (type === 'annotation')
          return {
            name,
            type,
            title: block.title ?? TITLES.annotation,
            content: '',
            questions: [],
            passingScore: 1,
            maxAttempts: null,
          };
        warn(`phases.${name} is left out: it has no content and no questions to show`);
        return undefined as unknown as PhaseDefinition;
      }
      if (type === 'training') {
        if (!block.questions.length)
          throw new PhaseConfigError(`phases.${name}.questions: a training phase needs questions`);
        block.questions.forEach((q, i) => {
          if (q.correct === undefined)
            throw new PhaseConfigError(
              `phases.${name}.questions[${i}].correct: a training question needs its correct answer`,
            );
        });
      }
      return {
        name,
        type: type as PhaseType,
        title: block.title ?? TITLES[type as PhaseType],
        content,
        questions: block.questions.map((q) => ({
          id: q.id,
          text: q.text,
          type: q.type,
          options: q.options,
          correct: q.correct,
          required: q.required,
          explanation: q.explanation,
          ...((q as Question).accept ? { accept: (q as Question).accept } : {}),
          ...((q as Question).display_logic ? { display_logic: (q as Question).display_logic } : {}),
          ...((q as Question).item !== undefined ? { item: (q as Question).item } : {}),
          ...((q as Question).dropdown ? { dropdown: true } : {}),
        })),
        passingScore: passing.score,
        maxAttempts: passing.attempts,
      };
    })
    .filter(Boolean);
  if (phases.filter((p) => p.type === 'annotation').length !== 1)
    throw new PhaseConfigError('phases.order: needs exactly one annotation phase');
  // a condition may read a question of any phase, referred to by its name (Potato's cross-page conditions)
  const rules = new Map(
    phases.flatMap((p) => p.questions.filter((q) => q.display_logic).map((q) => [q.id, q.display_logic!] as const)),
  );
  const asked = new Set(phases.flatMap((p) => p.questions.map((q) => q.id)));
  checkRules(
    rules,
    (name) => asked.has(name),
    (owner, key, reason) => {
      const phase = phases.find((p) => p.questions.some((q) => q.id === owner))!;
      throw new PhaseConfigError(`phases.${phase.name} (${owner}).display_logic.${key}: ${reason}`);
    },
  );
  return phases;
}

/** Potato's top-level `training:` section: its data file's instances as questions, and its passing criteria. */
function readTrainingSection(sources: PhaseSources | undefined, locate: (name: string) => string, where: string) {
  const section = sources?.training;
  if (!isMapping(section) || section.enabled === false || typeof section.data_file !== 'string') return undefined;
  for (const key of Object.keys(section)) {
    if (!TRAINING_KEYS.has(key))
      sources!.warn(
        `training.${key} is not acted on: training is scored by passing_criteria.min_correct and retried while allow_retry`,
      );
  }
  const page = readSchemeFile(locate(section.data_file), 'training.data_file', sources!.warn);
  if (!page.training)
    throw new PhaseFileError(`training.data_file: expected {"training_instances": [...]} for ${where}`);
  const only = Array.isArray(section.annotation_schemes) ? section.annotation_schemes.map(String) : undefined;
  const questions = trainingQuestions(page.training, sources!.schemes, 'training.data_file: training_instances', only);
  const criteria = isMapping(section.passing_criteria) ? section.passing_criteria : {};
  for (const key of Object.keys(criteria)) {
    if (key !== 'min_correct' && key !== 'allow_retry')
      sources!.warn(
        `training.passing_criteria.${key} is not acted on: training passes with min_correct items right and is retried while allow_retry`,
      );
  }
  const minCorrect = Number(criteria.min_correct);
  const retry = section.allow_retry ?? criteria.allow_retry;
  return {
    questions,
    score: Number.isFinite(minCorrect) && questions.length ? Math.min(1, minCorrect / questions.length) : undefined,
    attempts: retry === false ? 1 : retry === true ? null : undefined,
  };
}

/** The phase options a config sets that cannot act on its phases, each with what happens instead. */
export function phaseOptionWarnings(
  raw: {
    allow_phase_back_navigation: boolean;
    export_include_phase_data: boolean;
    exclude_hidden_survey_answers: boolean;
  },
  phases: readonly PhaseDefinition[],
): string[] {
  const out: string[] = [];
  if (raw.allow_phase_back_navigation && phases.length < 2)
    out.push('allow_phase_back_navigation is not acted on: there are no phases to go back across');
  if (raw.export_include_phase_data && !phases.some((p) => p.type !== 'annotation' && p.questions.length))
    out.push('export_include_phase_data is not acted on: no phase page asks a question, so there is nothing to export');
  if (!raw.exclude_hidden_survey_answers && !raw.export_include_phase_data)
    out.push(
      'exclude_hidden_survey_answers is not acted on: phase answers are exported only with export_include_phase_data: true',
    );
  return out;
}
