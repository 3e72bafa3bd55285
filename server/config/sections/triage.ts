/**
 * Potato's `triage` section: `enabled`, `rules` (`{name, badge, priority, when}`, the `when` grammar of the review
 * workflow), `signal_field` and `invert_signal`, `order` (desc or asc) and `default_priority`. Without rules or a
 * signal field, Potato's default rules apply. `show_badge` (true unless false, as in Potato) shows a flagged item's
 * badge and priority on the annotate page.
 */
import { z } from 'zod';
import { looseBoolean, looseNumber } from '../loose-values.js';
import { condition } from './review.js';
import { DEFAULT_TRIAGE_RULES, type TriageSettings } from '../../domain/triage/triage.js';

const rule = z.lazy(() =>
  z.looseObject({
    name: z.union([z.string().min(1), z.number()]).transform(String),
    badge: z.string().min(1).optional(),
    priority: looseNumber,
    when: z.union([condition.transform((c) => [c]), z.array(condition).min(1)]),
  }),
);

export const triageSchema = z.lazy(() =>
  z.looseObject({
    enabled: looseBoolean.optional(),
    order: z.enum(['desc', 'asc']).optional(),
    default_priority: looseNumber.optional(),
    show_badge: looseBoolean.optional(),
    rules: z.array(rule).optional(),
    signal_field: z.string().min(1).optional(),
    invert_signal: looseBoolean.optional(),
  }),
);

export function readTriage(raw: z.output<typeof triageSchema> | undefined, warn: (m: string) => void): TriageSettings {
  const enabled = raw?.enabled === true;
  const off: TriageSettings = {
    enabled: false,
    order: raw?.order ?? 'desc',
    defaultPriority: 0,
    rules: [],
    signalField: null,
    invertSignal: false,
    showBadge: false,
  };
  if (!enabled) {
    if (raw && (raw.rules?.length || raw.signal_field))
      warn('triage: rules and signal_field are not acted on while enabled is not true');
    return off;
  }
  const given = raw?.rules?.map((r) => ({
    name: r.name,
    badge: r.badge ?? r.name,
    priority: r.priority,
    when: r.when,
  }));
  return {
    enabled: true,
    order: raw?.order ?? 'desc',
    defaultPriority: raw?.default_priority ?? 0,
    rules: given ?? (raw?.signal_field ? [] : DEFAULT_TRIAGE_RULES),
    signalField: raw?.signal_field ?? null,
    invertSignal: raw?.invert_signal === true,
    showBadge: raw?.show_badge !== false,
  };
}
