/** What a scheme type module tells the rest of the server about its type. */
import type { z } from 'zod';
import type { Instance, Scheme } from '../task.js';
import type { AnswerShape } from './answer-shape.js';

/** A scheme's answer in payloads and exports: a label, labels, a value, values by field, or a structured value. */
export type AnswerValue =
  | string
  | string[]
  | Record<string, string>
  | number
  | boolean
  | null
  | readonly unknown[]
  | { readonly [k: string]: unknown };

/**
 * How agreement is measured on a type. `position`: the chosen label's position (nominal or ordinal by `level`);
 * `number`: the value as a number; `set`: the set of chosen labels (Jaccard); `spans`: per-character labels;
 * `value`: what the module's `value` reads from a structured answer (a category at the nominal level, a number
 * at the interval level, or a key compared by `distance`); `rows`: one number per row of a rating grid (`row`
 * reads it from the stored answer), alpha per row and over all rows together; null: no measure fits, and `reason`
 * says why.
 */
export interface AgreementMeasure {
  level:
    | 'nominal'
    | 'ordinal'
    | 'interval'
    | 'jaccard'
    | 'nominal_per_character'
    | 'rank'
    | 'partition'
    | 'link_f1'
    | 'chain_muc'
    | 'event_f1'
    | 'edit_distance'
    | 'per_node'
    | 'range'
    | 'jensen_shannon'
    | 'token_f1'
    | 'error_span_f1'
    | 'event_ceaf'
    | null;
  column: 'position' | 'number' | 'set' | 'spans' | 'value' | 'rows' | null;
  reason?: string;
  /** column `value`: the answer as a category or number; undefined when the stored answer holds none */
  value?: (scheme: Scheme, chosen: Readonly<Record<string, string>>) => string | number | undefined;
  /** column `value`: how unlike two answers' keys are, from 0 (the same) to 1 */
  distance?: (a: string, b: string) => number;
  /**
   * column `value` with `distance`: also report the mean over pairs of answers to one instance of 1 − distance
   * and the share of pairs that match exactly (the figures SQuAD-style evaluations give beside alpha)
   */
  pairwise?: boolean;
  /** column `rows`: a row's stored answer (the scheme's labels are the rows) as a number; undefined for none */
  row?: (scheme: Scheme, stored: string) => number | undefined;
}

/** The values the assistant chooses among for a type answered by one fixed value under one field. */
export interface SuggestedValues {
  /** the field label the value is stored under */
  readonly field: string;
  /** each value as stored, and the text its button shows */
  readonly choices: readonly { readonly value: string; readonly text: string }[];
  /** two items compared (pairwise): their texts, so the learner tells which side a word is on */
  readonly pair?: (instance: Instance) => readonly [string, string] | undefined;
}

/** A place in the item's text an answer marks, with the label exports give it. */
export interface TextSpan {
  readonly label: string;
  readonly start: number;
  readonly end: number;
}

/** Refusal of a submitted or imported value; the caller prefixes the field it came from. */
export class AnswerError {
  constructor(readonly message: string) {}
}

/** A stored span as structured answers (links, events, answer spans) refer to it. */
export interface SpanRef {
  readonly id: string;
  readonly schema: string;
  readonly label: string;
  readonly start: number;
  readonly end: number;
}

/**
 * What a structured answer is checked against: the instance (its text read only when asked for) and the annotator's
 * spans by id.
 */
export interface AnswerContext {
  readonly instance: Instance;
  readonly textLength: number;
  readonly spans: ReadonlyMap<string, SpanRef>;
}

/** One entry of `link_annotations` or `event_annotations`, its `schema` taken off and its span ids resolved. */
export type StructureEntry = Record<string, unknown>;

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
   * key; it never returns. `warn` reports a key that is read but not acted on as written (naming the key).
   */
  normalize(
    scheme: Scheme,
    keys: Record<string, unknown>,
    fail: (key: string, reason: string) => never,
    warn?: (message: string) => void,
  ): void;
  /**
   * `labels`: answers travel as "scheme:label" → string; `spans`: as span_annotations; `links` / `events`: as
   * entries of link_annotations / event_annotations, stored as one JSON array under the label named like the
   * scheme (so storage, exports and imports carry them as any label value); `none`: shown, never answered
   * (pure_display): no answer key or export column.
   */
  readonly storage: 'labels' | 'spans' | 'links' | 'events' | 'none';
  /**
   * After every scheme is loaded: checks keys that name other schemes (a `span_schema`). `fail` as in
   * `normalize`.
   */
  resolve?(scheme: Scheme, schemes: ReadonlyMap<string, Scheme>, fail: (key: string, reason: string) => never): void;
  /**
   * `links` / `events`: checks one entry against the scheme and the spans it points at, and returns it as stored
   * (defaults filled in), or an AnswerError. `entries` then checks the scheme's entries together.
   */
  entry?(scheme: Scheme, entry: StructureEntry, context: AnswerContext): StructureEntry | AnswerError;
  entries?(scheme: Scheme, entries: readonly StructureEntry[]): AnswerError | null;
  /**
   * `links` / `events`: valid entries for scripts that try a config out; `span` makes a span of the span scheme
   * with a label (its first when undefined) and returns its id.
   */
  exampleEntries?(scheme: Scheme, span: (scheme: string, label: string | undefined) => string): StructureEntry[];
  /**
   * A label-stored answer checked against its item once accepted: one that points into the text (an answer span),
   * or one whose labels the item chooses (options read from the item).
   */
  checkInText?(scheme: Scheme, chosen: Readonly<Record<string, string>>, context: AnswerContext): AnswerError | null;
  /** Which of the type's schemes `checkInText` applies to, when not all do (it costs each submission a look). */
  checksItem?(scheme: Scheme): boolean;
  /**
   * Types whose label-stored answer marks places in the item's text (an answer span, errors, evidence): those
   * places, so CoNLL and spaCy exports carry them as they carry a span scheme's spans. Places in another field
   * (a QA passage of its own) are left out.
   */
  textSpans?(scheme: Scheme, chosen: Readonly<Record<string, string>>): TextSpan[];
  /**
   * The one label the answer is stored under when it is not among the scheme's labels (a turn-level question's
   * `_data`, whose labels are the choices asked per turn).
   */
  readonly dataLabel?: string;
  /**
   * Whether the scheme's labels come from each item (multirate's `options_from_data`): then any label is taken
   * as a key, and `checkInText` checks it against the item.
   */
  readonly openLabels?: (scheme: Scheme) => boolean;
  /**
   * The item fields the scheme reads its options from (`dynamic_options_field`, `options_from_data`): the
   * scheme shows them as its choices, so the automatic item view leaves them out.
   */
  readonly itemFields?: (scheme: Scheme) => string[];
  /** at most one label may be answered */
  readonly single?: boolean;
  /**
   * A free value kept under one field: the other names a submission may give that field. Potato's pages name it
   * after their input (`text_box`, `slider`, `number`) and scripts after the scheme ("summary:summary").
   */
  readonly fieldNames?: readonly string[];
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
  /** the measure, or one chosen by the scheme's keys (pairwise binary vs scale) */
  readonly agreement: AgreementMeasure | ((scheme: Scheme) => AgreementMeasure);
  /**
   * Checks a scheme's whole answer once its labels are read (best and worst apart, say); runs only for types
   * that define it.
   */
  check?(scheme: Scheme, chosen: Readonly<Record<string, string>>): AnswerError | null;
  /**
   * A valid answer (label → value) for scripts that try a config out, when the type's labels are not choices;
   * `item` is the raw item it is for, for types whose answer quotes it (a trace's step).
   */
  example?(scheme: Scheme, item?: Readonly<Record<string, unknown>>): Record<string, string>;
  /** whether the AI assistant suggests labels (choice types) or spans (span) for it */
  readonly suggestable: boolean;
  /**
   * Types answered by one of a few fixed values under one field (triage's decision, pairwise's binary selection):
   * the values the AI assistant may suggest, as it suggests a label; null where the scheme's keys make the
   * answer something else (pairwise on a scale).
   */
  readonly suggestValues?: (scheme: Scheme) => SuggestedValues | null;
  /** how its answers look in the API and exports (described in the OpenAPI document) */
  readonly shape: AnswerShape;
}
