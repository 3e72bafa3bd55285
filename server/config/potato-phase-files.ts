/**
 * Potato builds its phase pages from files of annotation schemes (a JSON list, one object, or JSON lines): each
 * scheme is a question of the page and `pure_display` ones are its text. Its training pages come from
 * `training_instances` (an item's text and the correct answer per scheme). Both become this server's phase
 * content and questions; what has no equal here is warned about with what happens instead.
 */
import { existsSync, readFileSync } from 'node:fs';
import type { Question } from '../domain/phases/phases.js';
import { parseDisplayLogic } from '../domain/display-logic/rules.js';
import { PredefinedLabelsError, readPredefinedLabels } from './predefined-labels.js';

export class PhaseFileError extends Error {}

type Mapping = Record<string, unknown>;
const isMapping = (v: unknown): v is Mapping => !!v && typeof v === 'object' && !Array.isArray(v);

export interface PhasePage {
  content: string;
  questions: Question[];
  /** the file held `training_instances` rather than questions */
  training?: Mapping[];
}

/** A JSON list, one JSON object, or JSON lines. */
function parseJsonish(text: string, where: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    const lines = text.split(/\r?\n/).filter((l) => l.trim());
    try {
      return lines.map((l) => JSON.parse(l));
    } catch (e) {
      throw new PhaseFileError(`${where}: not JSON or JSON lines (${(e as Error).message})`);
    }
  }
}

/**
 * Potato's files sometimes hold a list written as Python's repr (`"['Yes', 'No']"`): its quoted items; else one name.
 */
function labelNames(value: unknown): string[] {
  if (typeof value === 'string') {
    const quoted = [...value.matchAll(/'((?:[^'\\]|\\.)*)'|"((?:[^"\\]|\\.)*)"/g)].map((m) => m[1] ?? m[2]);
    // a plain string is one name (`required_label: "Yes"`)
    return quoted.length || !value.trim() ? quoted : [value.trim()];
  }
  if (Array.isArray(value))
    return value.map((l) => (isMapping(l) ? String(l.name ?? l.label ?? l.text ?? '') : String(l))).filter(Boolean);
  if (isMapping(value)) return Object.values(value).map(String); // {1: "Very weak", …}: the names
  return [];
}

/** What a scheme asks as a question, or its text when it only shows something. */
function questionOf(written: Mapping, at: string, warn: (m: string) => void): Question | string | undefined {
  const scheme = withPredefinedLabels(written, at, warn);
  const type = String(scheme.annotation_type ?? 'radio');
  const id = String(scheme.name ?? scheme.id ?? '');
  const text = String(scheme.description ?? scheme.name ?? '');
  if (type === 'pure_display') return text;
  if (!id) throw new PhaseFileError(`${at}.name: a question needs a name`);
  const requirement = isMapping(scheme.label_requirement) ? scheme.label_requirement : {};
  const accept = labelNames(requirement.required_label);
  const q: Question = { id, text, type: 'text', required: requirement.required === true || accept.length > 0 };
  if (accept.length) q.accept = accept;
  if (scheme.display_logic !== undefined && scheme.display_logic !== null) {
    q.display_logic = parseDisplayLogic(scheme.display_logic, (key, reason) => {
      throw new PhaseFileError(`${at} (${id}).display_logic${key ? `.${key}` : ''}: ${reason}`);
    });
  }
  if (type === 'radio' || type === 'select' || type === 'multiselect') {
    q.type = type === 'multiselect' ? 'multiselect' : 'radio';
    q.options = labelNames(scheme.labels);
    if (type === 'select') q.dropdown = true;
    if (!q.options.length) throw new PhaseFileError(`${at} (${id}).labels: a ${type} question needs labels`);
  } else if (type === 'likert') {
    const size = Number(scheme.size ?? 5);
    if (!Number.isInteger(size) || size < 2 || size > 20)
      throw new PhaseFileError(`${at} (${id}).size: expected a whole number from 2 to 20`);
    q.type = 'radio';
    q.options = Array.from({ length: size }, (_, i) => String(i + 1));
    if (scheme.min_label || scheme.max_label)
      q.text = `${text} (1 = ${String(scheme.min_label ?? '')}, ${size} = ${String(scheme.max_label ?? '')})`;
  } else if (type === 'number' || type === 'slider') q.type = 'number';
  else if (type !== 'text' && type !== 'textbox')
    warn(`${at} (${id}).annotation_type: "${type}" is asked as a text question`);
  return q;
}

function withPredefinedLabels(scheme: Mapping, at: string, warn: (m: string) => void): Mapping {
  try {
    return readPredefinedLabels(scheme, at, warn) as Mapping;
  } catch (e) {
    throw e instanceof PredefinedLabelsError ? new PhaseFileError(e.message) : e;
  }
}

/** Reads a phase page from a Potato scheme file; `where` names the key in messages. */
export function readSchemeFile(file: string, where: string, warn: (m: string) => void): PhasePage {
  if (!existsSync(file)) throw new PhaseFileError(`${where}: ${file} not found`);
  const parsed = parseJsonish(readFileSync(file, 'utf8'), where);
  if (isMapping(parsed) && Array.isArray(parsed.training_instances))
    return { content: '', questions: [], training: parsed.training_instances.filter(isMapping) };
  const schemes = (Array.isArray(parsed) ? parsed : [parsed]).filter(isMapping);
  const page: PhasePage = { content: '', questions: [] };
  const texts: string[] = [];
  schemes.forEach((scheme, i) => {
    const q = questionOf(scheme, `${where}[${i}]`, warn);
    if (typeof q === 'string') texts.push(q);
    else if (q) page.questions.push(q);
  });
  page.content = texts.join('\n\n');
  return page;
}

/**
 * Training questions from Potato's `training_instances`: one per instance and scheme it has a correct answer
 * for, asking the scheme's question about the instance's text with the main scheme's labels as options.
 */
export function trainingQuestions(
  instances: Mapping[],
  schemes: readonly Mapping[],
  where: string,
  only?: readonly string[],
): Question[] {
  const byName = new Map(schemes.filter(isMapping).map((s) => [String(s.name), s]));
  const out: Question[] = [];
  instances.forEach((instance, i) => {
    const answers = isMapping(instance.correct_answers) ? instance.correct_answers : {};
    for (const [name, correct] of Object.entries(answers)) {
      if (only && !only.includes(name)) continue;
      const scheme = byName.get(name);
      if (!scheme)
        throw new PhaseFileError(`${where}[${i}].correct_answers.${name}: no annotation scheme is named "${name}"`);
      const type = String(scheme.annotation_type);
      const options =
        type === 'likert'
          ? Array.from({ length: Number(scheme.size ?? 5) }, (_, n) => String(n + 1))
          : labelNames(scheme.labels);
      const choice = ['radio', 'select', 'likert', 'multiselect'].includes(type) && options.length > 0;
      const question: Question = {
        id: `${String(instance.id ?? i)}:${name}`,
        text: `${String(instance.text ?? '')}\n\n${String(scheme.description ?? name)}`,
        type: choice
          ? type === 'multiselect'
            ? 'multiselect'
            : 'radio'
          : type === 'number' || type === 'slider'
            ? 'number'
            : 'text',
        correct: Array.isArray(correct) ? correct.map(String) : String(correct),
        required: true,
        item: String(instance.id ?? i),
      };
      if (choice) question.options = options;
      if (typeof instance.explanation === 'string') question.explanation = instance.explanation;
      out.push(question);
    }
  });
  return out;
}
