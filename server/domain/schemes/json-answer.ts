/**
 * Types whose answer is one JSON object under the label named like the scheme, as Potato's pages store them
 * (`"<scheme>:<scheme>": "<JSON>"`): extractive_qa, error_span. The module parses the object into its stored,
 * canonical form (so an answer read and sent back is unchanged) and checks it against the instance once
 * accepted.
 */
import type { z } from 'zod';
import type { Scheme } from '../task.js';
import {
  AnswerError,
  type AgreementMeasure,
  type AnswerContext,
  type SchemeTypeModule,
  type TextSpan,
} from './module.js';

type Parts = Pick<SchemeTypeModule, 'type' | 'config' | 'keys' | 'normalize' | 'example'> & {
  /** the stored object, as exports give it */
  answerShape: z.ZodType;
  agreement: AgreementMeasure;
  /** the stored form of a submitted or imported object, or an AnswerError; null for "no answer" */
  parse(scheme: Scheme, value: Record<string, unknown>): Record<string, unknown> | AnswerError | null;
  /** checks the stored form against the instance */
  checkStored(scheme: Scheme, value: Record<string, unknown>, context: AnswerContext): AnswerError | null;
  /** the places in the item's text the stored form marks, for CoNLL and spaCy */
  textSpans(scheme: Scheme, value: Record<string, unknown>): TextSpan[];
};

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * An answer sent as JSON text under `<scheme>:<scheme>` (Potato's hidden input for structured answers), turned into
 * its stored form by `toStored`; an empty value is no answer.
 */
export function acceptJsonText(
  scheme: Scheme,
  label: string,
  value: string,
  toStored: (scheme: Scheme, json: unknown) => string | null | AnswerError,
): string | null | AnswerError {
  if (label !== scheme.name) return new AnswerError(`the answer goes under "${scheme.name}:${scheme.name}"`);
  if (value === '') return null;
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return new AnswerError('not JSON text');
  }
  return toStored(scheme, json);
}

export function jsonAnswerType({ parse, checkStored, answerShape, textSpans, ...parts }: Parts): SchemeTypeModule {
  const toStored = (scheme: Scheme, value: unknown): string | null | AnswerError => {
    if (!isObject(value)) return new AnswerError('expected a JSON object');
    const parsed = parse(scheme, value);
    return parsed === null || parsed instanceof AnswerError ? parsed : JSON.stringify(parsed);
  };
  return {
    storage: 'labels',
    single: true,
    accept: (scheme, label, value) => acceptJsonText(scheme, label, value, toStored),
    answer: (scheme, chosen) => JSON.parse(chosen[scheme.name]) as Record<string, unknown>,
    fromAnswer(scheme, answer) {
      const stored = toStored(scheme, answer);
      if (stored instanceof AnswerError) return stored;
      return stored === null ? {} : { [scheme.name]: stored };
    },
    checkInText: (scheme, chosen, context) =>
      checkStored(scheme, JSON.parse(chosen[scheme.name]) as Record<string, unknown>, context),
    textSpans: (scheme, chosen) =>
      chosen[scheme.name] ? textSpans(scheme, JSON.parse(chosen[scheme.name]) as Record<string, unknown>) : [],
    spacy: 'values',
    suggestable: false,
    shape: {
      stored: '"<scheme>:<scheme>" → the object as JSON text; read back in its canonical form',
      answer: answerShape,
    },
    ...parts,
    normalize(scheme, keys, fail) {
      parts.normalize(scheme, keys, fail);
      // the one label answers go under, as Potato's hidden input names it
      scheme.labels = [{ name: scheme.name }];
    },
  };
}

/** A [start, end) range of a text, checked; `what` names it in the message. */
export function rangeProblem(start: unknown, end: unknown, length: number, what: string): AnswerError | null {
  if (!Number.isSafeInteger(start) || !Number.isSafeInteger(end))
    return new AnswerError(`${what}: start and end must be whole numbers`);
  if (!((start as number) >= 0 && (start as number) < (end as number) && (end as number) <= length)) {
    return new AnswerError(
      `${what}: offsets must satisfy 0 <= start < end <= ${length} (got start ${String(start)}, end ${String(end)})`,
    );
  }
  return null;
}
