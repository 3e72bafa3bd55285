/**
 * What an AI provider is to the rest of the app: given an instance and one scheme, a suggestion. The embedded
 * learner and the LLM providers implement it; the AI service adds caching, access checks and the two response
 * shapes on top.
 */
import type { Instance, Scheme } from '../task.js';
import { schemeModuleOf } from '../schemes/registry.js';

/** A value the assistant may suggest, and the text the annotator sees for it. */
export interface Choice {
  value: string;
  text: string;
  description?: string;
}

/**
 * What the assistant suggests for a scheme, as its type module says: spans; labels (choice types); or one of a
 * type's fixed values under one field (triage, binary pairwise), which it suggests as it suggests a label.
 */
export type SuggestTarget =
  | { kind: 'spans' }
  | { kind: 'labels'; choices: Choice[]; multi: boolean }
  | {
      kind: 'value';
      field: string;
      choices: Choice[];
      pair?: (instance: Instance) => readonly [string, string] | undefined;
    };

const targets = new WeakMap<Scheme, SuggestTarget | null>();

function targetOf(scheme: Scheme): SuggestTarget | null {
  const module = schemeModuleOf(scheme);
  if (module.suggestable) {
    if (module.storage === 'spans') return { kind: 'spans' };
    return {
      kind: 'labels',
      choices: scheme.labels.map((l) => ({ value: l.name, text: l.name, description: l.tooltip })),
      multi: scheme.annotation_type === 'multiselect',
    };
  }
  const values = module.suggestValues?.(scheme);
  return values ? { kind: 'value', field: values.field, choices: [...values.choices], pair: values.pair } : null;
}

/** The scheme's target, or null when the assistant has nothing to suggest for it; worked out once per scheme. */
export function suggestTarget(scheme: Scheme): SuggestTarget | null {
  let target = targets.get(scheme);
  if (target === undefined) targets.set(scheme, (target = targetOf(scheme)));
  return target;
}

/** The suggestable answers in a stored label → value map: the labels chosen, or the field's value. */
export function chosenOf(target: SuggestTarget, stored: Readonly<Record<string, string>> | undefined): string[] {
  if (!stored || target.kind === 'spans') return [];
  if (target.kind === 'value') {
    const value = stored[target.field];
    return value !== undefined && target.choices.some((c) => c.value === value) ? [value] : [];
  }
  return Object.keys(stored).filter((name) => target.choices.some((c) => c.value === name));
}

/** The text of a fixed value's button ("Keep" for accept). */
export const choiceTextOf = (target: SuggestTarget & { kind: 'value' }, value: string): string =>
  target.choices.find((c) => c.value === value)?.text ?? value;

/** How a suggested value reads in a hint: a fixed value by its button's text and the value, a label as itself. */
export function choiceText(target: SuggestTarget, value: string): string {
  if (target.kind !== 'value') return value;
  const text = choiceTextOf(target, value);
  return text !== value ? `${text} (${value})` : value;
}

export interface SuggestedSpan {
  label: string;
  start: number;
  end: number;
  text: string;
}

export interface Suggestion {
  /** the suggested label; null means "no suggestion yet", and `rationale` says why */
  label: string | null;
  /** multiselect: every label suggested (the first is `label`) */
  labels?: string[];
  /** 0..1, or null when the provider gave none */
  confidence: number | null;
  rationale: string;
  /** words of the text that weighed most for the label */
  words: string[];
  /** span schemes: suggested spans */
  spans?: SuggestedSpan[];
}

export interface AiProvider {
  /** `embedded`, `ollama`, `openai` or `anthropic`, as the responses name it */
  readonly name: string;
  readonly model: string;
  /** changes when prompts change, so cached answers to old prompts are not reused */
  readonly promptVersion: string;
  /**
   * The state of what the provider knows about a schema: a cached suggestion made under another version is
   * stale. Fixed for LLMs; for the embedded learner it changes whenever it learns something new.
   */
  version(scheme: Scheme): string;
  suggest(instance: Instance, scheme: Scheme): Promise<Suggestion>;
}

export const noSuggestion = (reason: string): Suggestion => ({
  label: null,
  confidence: null,
  rationale: reason,
  words: [],
});
