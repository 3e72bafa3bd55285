/**
 * Conditional annotation schemes: which schemes an annotator's answers hide, and the record with the hidden
 * schemes' answers taken out. Every submission path goes through AnnotationService.submit, which applies it, so
 * the server holds the rule whatever the client shows.
 */
import type { Scheme, Task } from '../task.js';
import { schemeModuleOf } from '../schemes/registry.js';
import type { SpanRecord } from '../annotation/records.js';
import { hiddenBy, type Comparable, type DisplayLogic } from '../../../shared/display-logic.js';

/** The rules of a task's schemes, built once per schemes list; empty when no scheme is conditional. */
const rulesOf = new WeakMap<readonly Scheme[], ReadonlyMap<string, DisplayLogic>>();
function schemeRules(task: Task): ReadonlyMap<string, DisplayLogic> {
  let rules = rulesOf.get(task.schemes);
  if (!rules) {
    const map = new Map<string, DisplayLogic>();
    for (const s of task.schemes) if (s.display_logic) map.set(s.name, s.display_logic);
    rulesOf.set(task.schemes, (rules = map));
  }
  return rules;
}

const NONE: ReadonlySet<string> = new Set();

/**
 * A scheme's answer as conditions compare it: the chosen label (or labels) of a choice, the entered value of a
 * one-field scheme, the labels of its spans; other answers as their stored values.
 */
function comparableAnswer(
  scheme: Scheme,
  chosen: Readonly<Record<string, string>> | undefined,
  spans: readonly SpanRecord[],
): Comparable {
  const module = schemeModuleOf(scheme);
  if (module.storage === 'spans') {
    const labels = spans.filter((s) => s.schema === scheme.name).map((s) => s.label);
    return labels.length ? (labels.length === 1 ? labels[0] : labels) : undefined;
  }
  if (!chosen) return undefined;
  const answer = module.answer(scheme, chosen);
  if (typeof answer === 'string') return answer;
  if (Array.isArray(answer) && answer.every((a) => typeof a === 'string'))
    return answer.length === 1 ? (answer[0] as string) : (answer as string[]);
  const values = Object.values(chosen);
  return values.length === 1 ? values[0] : values;
}

/** The schemes the answers hide (none on a task without conditional schemes). */
export function hiddenSchemes(
  task: Task,
  labels: Readonly<Record<string, Readonly<Record<string, string>>>>,
  spans: readonly SpanRecord[],
): ReadonlySet<string> {
  const rules = schemeRules(task);
  if (!rules.size) return NONE;
  return hiddenBy(rules, (name) => {
    const scheme = task.schemeByName.get(name);
    return scheme ? comparableAnswer(scheme, labels[name], spans) : undefined;
  });
}

/** The answers without those of hidden schemes; the same objects when nothing is hidden or answered there. */
export function withoutHidden<L extends Readonly<Record<string, unknown>>>(
  labels: L,
  spans: SpanRecord[],
  hidden: ReadonlySet<string>,
): { labels: L; spans: SpanRecord[] } {
  if (!hidden.size) return { labels, spans };
  let keptLabels = labels;
  for (const name of hidden) {
    if (!Object.hasOwn(keptLabels, name)) continue;
    if (keptLabels === labels) keptLabels = { ...labels };
    delete (keptLabels as Record<string, unknown>)[name];
  }
  const keptSpans = spans.some((s) => hidden.has(s.schema)) ? spans.filter((s) => !hidden.has(s.schema)) : spans;
  return { labels: keptLabels, spans: keptSpans };
}
