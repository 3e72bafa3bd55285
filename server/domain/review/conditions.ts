/**
 * Potato's `when` grammar for rules over an item's data: `{field, equals | in | contains | exists | lt | lte | gt |
 * gte}`, the field a dotted path. Text compares without regard to case or surrounding spaces, numbers written as
 * text compare as numbers; a list of conditions must all hold, and none at all always holds.
 */

export const CONDITION_OPERATORS = ['equals', 'in', 'contains', 'exists', 'lt', 'lte', 'gt', 'gte'] as const;
type ConditionOperator = (typeof CONDITION_OPERATORS)[number];

export interface Condition {
  field: string;
  operator: ConditionOperator;
  value: unknown;
}

/** The value at a dotted path of an item's data (undefined where the path leads nowhere). */
export function lookup(data: Record<string, unknown>, path: string): unknown {
  let at: unknown = data;
  for (const part of path.split('.')) {
    if (at === null || typeof at !== 'object' || Array.isArray(at) || !Object.hasOwn(at, part)) return undefined;
    at = (at as Record<string, unknown>)[part];
  }
  return at;
}

const fold = (v: unknown) => (typeof v === 'string' ? v.trim().toLowerCase() : v);

function asNumber(v: unknown): number | null {
  if (typeof v === 'number') return Number.isFinite(v) ? v : null;
  if (typeof v === 'string' && v.trim() !== '') {
    const n = Number(v.trim());
    return Number.isFinite(n) ? n : null;
  }
  return null;
}

export function holds(condition: Condition, data: Record<string, unknown>): boolean {
  const value = lookup(data, condition.field);
  const present = value !== undefined && value !== null;
  if (condition.operator === 'exists') return present === Boolean(condition.value);
  if (!present) return false;
  const target = condition.value;
  switch (condition.operator) {
    case 'equals':
      return fold(value) === fold(target);
    case 'in':
      return Array.isArray(target) && target.some((t) => fold(t) === fold(value));
    case 'contains':
      if (Array.isArray(value)) return value.some((v) => fold(v) === fold(target));
      return (
        typeof value === 'string' &&
        typeof target === 'string' &&
        value.toLowerCase().includes(target.trim().toLowerCase())
      );
    default: {
      const a = asNumber(value);
      const b = asNumber(target);
      if (a === null || b === null) return false;
      if (condition.operator === 'lt') return a < b;
      if (condition.operator === 'lte') return a <= b;
      if (condition.operator === 'gt') return a > b;
      return a >= b;
    }
  }
}

export const allHold = (conditions: readonly Condition[], data: Record<string, unknown>) =>
  conditions.every((c) => holds(c, data));
