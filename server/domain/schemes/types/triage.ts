/**
 * triage: accept, reject or skip an item with one key (Potato's Prodigy-style triage), stored as
 * `"<scheme>:decision"` → "accept" | "reject" | "skip". With `auto_advance` the key also submits and moves on.
 */
import { z } from 'zod';
import { AnswerError, type SchemeTypeModule } from '../module.js';
import { keyName, nominalOf, storeUnder } from '../answer-fields.js';

const DECISIONS = ['accept', 'reject', 'skip'] as const;

const config = z.looseObject({
  accept_label: z.string().optional(),
  reject_label: z.string().optional(),
  skip_label: z.string().optional(),
  auto_advance: z.boolean().optional(),
  show_progress: z.boolean().optional(),
  accept_key: keyName.optional(),
  reject_key: keyName.optional(),
  skip_key: keyName.optional(),
});

const isDecision = (v: unknown): v is (typeof DECISIONS)[number] => (DECISIONS as readonly unknown[]).includes(v);

export const triage: SchemeTypeModule = {
  type: 'triage',
  config,
  keys: Object.keys(config.shape),
  normalize(scheme, parsed, fail) {
    const k = parsed as z.infer<typeof config>;
    if (scheme.labels.length)
      fail('labels', 'a triage scheme has no labels; name its buttons with accept_label, reject_label and skip_label');
    storeUnder(scheme, ['decision']);
    const keys = { accept_key: k.accept_key ?? '1', reject_key: k.reject_key ?? '2', skip_key: k.skip_key ?? '3' };
    if (keys.reject_key === keys.accept_key) fail('reject_key', `"${keys.reject_key}" is accept_key too`);
    if (keys.skip_key === keys.accept_key || keys.skip_key === keys.reject_key)
      fail('skip_key', `"${keys.skip_key}" is taken by another triage key`);
    Object.assign(scheme.extra, {
      accept_label: k.accept_label ?? 'Keep',
      reject_label: k.reject_label ?? 'Discard',
      skip_label: k.skip_label ?? 'Unsure',
      auto_advance: k.auto_advance ?? true,
      show_progress: k.show_progress ?? true,
      ...keys,
    });
  },
  storage: 'labels',
  accept: (_scheme, _label, value) =>
    value === ''
      ? null
      : isDecision(value)
        ? value
        : new AnswerError(`"${value.slice(0, 40)}" is not a decision: give accept, reject or skip`),
  answer: (_scheme, chosen) => chosen.decision,
  fromAnswer: (_scheme, answer) =>
    isDecision(answer) ? { decision: answer } : new AnswerError('a triage answer is "accept", "reject" or "skip"'),
  spacy: 'values',
  agreement: nominalOf('decision'),
  suggestable: false,
  suggestValues: (scheme) => ({
    field: 'decision',
    choices: DECISIONS.map((d) => ({ value: d, text: String(scheme.extra[`${d}_label`]) })),
  }),
  shape: { stored: '"<scheme>:decision" → "accept" | "reject" | "skip"', answer: z.enum(['accept', 'reject', 'skip']) },
  example: () => ({ decision: 'accept' }),
};
