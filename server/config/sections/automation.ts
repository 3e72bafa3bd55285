/**
 * Potato's `automation` section: `enabled` and `rules`, each `{name, when, sample_rate, actions}`. `when` takes the
 * review workflow's condition grammar. An action's type and keys that are not acted on are warned about, saying
 * what happens instead; a rule without a name, a bad condition or a fire_webhook without an http(s) URL stops
 * start-up naming the key.
 */
import { z } from 'zod';
import { looseBoolean } from '../loose-values.js';
import { condition } from './review.js';
import {
  ACTION_TYPES,
  type ActionType,
  type AutomationAction,
  type AutomationSettings,
} from '../../domain/automation/automation.js';

const KEYS: Record<ActionType, string[]> = {
  add_to_queue: ['priority', 'reason'],
  add_to_dataset: ['dataset'],
  enroll_review: [],
  run_evaluator: ['evaluator', 'params', 'output_field', 'reference_field'],
  fire_webhook: ['url', 'headers'],
  notify: ['message'],
  refresh_topics: ['k', 'min_indexed', 'use_llm'],
};

// every key some action takes; a key none takes is warned about by the config's unknown-key check
const ALL_KEYS = new Set(Object.values(KEYS).flat());
const action = z.looseObject({
  type: z.string().min(1),
  ...Object.fromEntries([...ALL_KEYS].map((k) => [k, z.unknown().optional()])),
});

const rule = z.looseObject({
  name: z.union([z.string().min(1), z.number()]).transform(String),
  when: z
    .union([condition.transform((c) => [c]), z.array(condition)])
    .nullish()
    .transform((w) => w ?? []),
  sample_rate: z.number().min(0).max(1).default(1),
  // a rule switched off stays in the config but never runs, as in Potato
  enabled: looseBoolean.optional(),
  actions: z.array(action).max(50).default([]),
});

export const automationSchema = z.looseObject({
  enabled: looseBoolean.optional(),
  rules: z.array(rule).max(200).nullish(),
});

export function readAutomation(
  raw: z.infer<typeof automationSchema> | undefined,
  warn: (m: string) => void,
  refuse: (m: string) => never,
): AutomationSettings {
  const enabled = raw?.enabled === true;
  if (!raw) return { enabled, rules: [] };
  if (!enabled) {
    if (raw.rules?.length)
      warn('automation.rules are not run: automation is off (automation.enabled: true turns it on)');
    return { enabled, rules: [] };
  }
  const rules = (raw.rules ?? []).flatMap((r, i) => {
    if (r.enabled === false) return [];
    const where = `automation.rules[${i}]`;
    const actions: AutomationAction[] = [];
    r.actions.forEach((a, j) => {
      const at = `${where}.actions[${j}]`;
      if (!(ACTION_TYPES as readonly string[]).includes(a.type)) {
        warn(`${at}.type: unknown action "${a.type}" is not run (known: ${ACTION_TYPES.join(', ')})`);
        return;
      }
      const type = a.type as ActionType;
      const params: Record<string, unknown> = {};
      for (const [key, value] of Object.entries(a))
        if (key === 'type') continue;
        else if (KEYS[type].includes(key)) params[key] = value;
        else if (ALL_KEYS.has(key))
          warn(`unknown key "${at}.${key}" is ignored (known for ${type}: ${KEYS[type].join(', ') || 'none'})`);
      if (type === 'fire_webhook' && !/^https?:\/\/[^\s]+$/i.test(String(params.url ?? '')))
        refuse(`${at}.url: a fire_webhook needs an http:// or https:// URL`);
      if (type === 'notify')
        warn(`${at}: notify is not sent (there is no live stream to annotators); its outcome is recorded as skipped`);
      if (type === 'refresh_topics')
        warn(`${at}: refresh_topics is not built (no topic clustering); its outcome is recorded as skipped`);
      actions.push({ type, params });
    });
    return [{ name: r.name, when: r.when, sampleRate: r.sample_rate, actions }];
  });
  return { enabled, rules };
}
