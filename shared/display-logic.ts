/**
 * Conditional questions: Potato's `display_logic` evaluated against answers. Pure and free of imports, so the
 * server (on every submission) and the page (while answers change) run this one module and hide the same
 * questions; the server's config reader (server/domain/display-logic/rules.ts) checks rules before they get here.
 */

export const OPERATORS = [
  'equals',
  'not_equals',
  'contains',
  'not_contains',
  'matches',
  'gt',
  'gte',
  'lt',
  'lte',
  'in_range',
  'not_in_range',
  'empty',
  'not_empty',
  'length_gt',
  'length_lt',
  'length_in_range',
] as const;
export type Operator = (typeof OPERATORS)[number];

export type Scalar = string | number | boolean;

export interface Condition {
  schema: string;
  operator: Operator;
  /** one value or several (equals/contains: any of them); [min, max] for the range operators */
  value?: Scalar | Scalar[];
  case_sensitive?: boolean;
}

export interface DisplayLogic {
  show_when: Condition[];
  logic: 'all' | 'any';
}

/** An answer as conditions see it: a label or value, several labels, or nothing. */
export type Comparable = string | readonly string[] | undefined;

const text = (v: Scalar, caseSensitive: boolean) => (caseSensitive ? String(v) : String(v).toLowerCase());
const expected = (c: Condition): Scalar[] =>
  c.value === undefined ? [] : Array.isArray(c.value) ? c.value : [c.value];
const toNumber = (v: Comparable): number | undefined => {
  if (typeof v !== 'string' || v.trim() === '') return undefined;
  const n = Number(v);
  return Number.isFinite(n) ? n : undefined;
};

const patterns = new Map<string, RegExp>();
/** Patterns come from the config only, so the cache stays as small as the rules. */
function pattern(source: string, caseSensitive: boolean): RegExp {
  const key = `${caseSensitive ? 's' : 'i'}${source}`;
  let re = patterns.get(key);
  if (!re) patterns.set(key, (re = new RegExp(source, caseSensitive ? '' : 'i')));
  return re;
}

/** Whether one answer satisfies one condition. */
export function holds(c: Condition, actual: Comparable): boolean {
  const cs = c.case_sensitive === true;
  const empty = actual === undefined || (typeof actual === 'string' ? actual.trim() === '' : actual.length === 0);
  switch (c.operator) {
    case 'empty':
      return empty;
    case 'not_empty':
      return !empty;
    case 'equals':
    case 'not_equals': {
      // several labels equal nothing; one value equals any of the listed ones
      const equal = typeof actual === 'string' && expected(c).some((e) => text(e, cs) === text(actual, cs));
      return c.operator === 'equals' ? equal : !equal;
    }
    case 'contains':
    case 'not_contains': {
      // a list holds a label; a text holds a part
      const found =
        actual !== undefined &&
        expected(c).some((e) =>
          typeof actual === 'string'
            ? text(actual, cs).includes(text(e, cs))
            : actual.some((a) => text(a, cs) === text(e, cs)),
        );
      return c.operator === 'contains' ? found : !found;
    }
    case 'matches':
      return (
        actual !== undefined &&
        pattern(String(c.value), cs).test(typeof actual === 'string' ? actual : actual.join(', '))
      );
    case 'gt':
    case 'gte':
    case 'lt':
    case 'lte': {
      const n = toNumber(actual);
      const want = Number(c.value);
      if (n === undefined) return false;
      return c.operator === 'gt'
        ? n > want
        : c.operator === 'gte'
          ? n >= want
          : c.operator === 'lt'
            ? n < want
            : n <= want;
    }
    case 'in_range':
    case 'not_in_range': {
      const n = toNumber(actual);
      const [min, max] = expected(c).map(Number);
      const inside = n !== undefined && n >= min && n <= max;
      return c.operator === 'in_range' ? inside : !inside;
    }
    case 'length_gt':
    case 'length_lt':
    case 'length_in_range': {
      const length = actual === undefined ? 0 : typeof actual === 'string' ? actual.length : actual.length;
      if (c.operator === 'length_gt') return length > Number(c.value);
      if (c.operator === 'length_lt') return length < Number(c.value);
      const [min, max] = expected(c).map(Number);
      return length >= min && length <= max;
    }
  }
}

/**
 * The questions hidden by their rules, given each question's answer. A question that waits on a hidden one sees
 * it as unanswered, so a chain closes behind its first hidden link.
 */
export function hiddenBy(
  rules: ReadonlyMap<string, DisplayLogic>,
  answerOf: (name: string) => Comparable,
): Set<string> {
  const hidden = new Set<string>();
  const decided = new Map<string, boolean>();
  const shown = (name: string): boolean => {
    const known = decided.get(name);
    if (known !== undefined) return known;
    decided.set(name, true); // a loop (the server refuses them at start-up) ends here instead of recursing
    const rule = rules.get(name);
    let visible = true;
    if (rule) {
      const test = (c: Condition) => holds(c, shown(c.schema) ? answerOf(c.schema) : undefined);
      visible = rule.logic === 'any' ? rule.show_when.some(test) : rule.show_when.every(test);
    }
    decided.set(name, visible);
    if (!visible) hidden.add(name);
    return visible;
  };
  for (const name of rules.keys()) shown(name);
  return hidden;
}
