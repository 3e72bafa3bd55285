/** What a scheme type module tells the rest of the server about its type. */
import type { z } from 'zod';
import type { Scheme } from '../task.js';

/** A scheme's answer in payloads and exports: a label, labels, a value, values by field, or a structured value. */
export type AnswerValue = string | string[] | Record<string, string> | number | boolean | null | readonly unknown[] | { readonly [k: string]: unknown };

/**
 * How agreement is measured on a type. `position`: the chosen label's position (nominal or ordinal by `level`);
 * `number`: the value as a number; `set`: the set of chosen labels (Jaccard); `spans`: per-character labels;
 * null: no measure fits, and `reason` says why.
 */
export interface AgreementMeasure {
  level: 'nominal' | 'ordinal' | 'interval' | 'jaccard' | 'nominal_per_character' | null;
  column: 'position' | 'number' | 'set' | 'spans' | null;
  reason?: string;
}

/** Refusal of a submitted or imported value; the caller prefixes the field it came from. */
export class AnswerError {
  constructor(readonly message: string) {}
}

export interface SchemeTypeModule {
  readonly type: string;
  /** other names a config may use for this type */
  readonly aliases?: readonly string[];
  /** the type's own scheme keys (beyond name, description, labels, sequential_key_binding) */
  readonly config: z.ZodType<Record<string, unknown>>;
  /** the keys `config` knows; the rest of a scheme's keys pass through to frontends in `extra` */
  readonly keys: readonly string[];
  /**
   * Completes a scheme from its parsed keys (bounds, default labels, ...). `fail` refuses the config naming the
   * key; it never returns.
   */
  normalize(scheme: Scheme, keys: Record<string, unknown>, fail: (key: string, reason: string) => never): void;
  /** `labels`: answers travel as "schema:label" → string; `spans`: as span_annotations */
  readonly storage: 'labels' | 'spans';
  /** at most one label may be answered */
  readonly single?: boolean;
  /**
   * Checks one submitted label value: the string to store, null for "no answer" (an unticked box, an empty
   * field), or an AnswerError. Runs per key of every submission, so it must not allocate on the good path.
   */
  accept(scheme: Scheme, label: string, value: string): string | null | AnswerError;
  /** The stored answer (label → value, never empty) as payloads and exports show it. */
  answer(scheme: Scheme, chosen: Readonly<Record<string, string>>): AnswerValue;
  /** The other way, for imports: an exported answer back into label → value, or an AnswerError. */
  fromAnswer(scheme: Scheme, answer: unknown): Record<string, string> | AnswerError;
  /** How spaCy documents carry the answer: one-hot `cats`, raw `values` in meta, or nothing extra (spans). */
  readonly spacy: 'cats' | 'values' | 'none';
  readonly agreement: AgreementMeasure;
  /** whether the AI assistant suggests answers for it */
  readonly suggestable: boolean;
}
