/**
 * Conditional questions: Potato's `display_logic` (`show_when: [{schema, operator, value, case_sensitive}]`,
 * `logic: all | any`), read from a config into a checked rule and evaluated against answers. Pure: the answers
 * come in through a function, so annotation schemes and phase questions share it.
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
type Operator = (typeof OPERATORS)[number];

type Scalar = string | number | boolean;

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

const RANGE: ReadonlySet<string> = new Set(['in_range', 'not_in_range', 'length_in_range']);
const NUMBER: ReadonlySet<string> = new Set(['gt', 'gte', 'lt', 'lte', 'length_gt', 'length_lt']);
const NO_VALUE: ReadonlySet<string> = new Set(['empty', 'not_empty']);

const isMapping = (v: unknown): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v);
const isScalar = (v: unknown): v is Scalar => typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean';
const isNumber = (v: unknown) =>
  (typeof v === 'number' && Number.isFinite(v)) ||
  (typeof v === 'string' && v.trim() !== '' && Number.isFinite(Number(v)));

/** Reads a `display_logic` block; `fail` refuses it naming the key below `display_logic` (never returns). */
export function parseDisplayLogic(raw: unknown, fail: (key: string, reason: string) => never): DisplayLogic {
  if (!isMapping(raw))
    return fail('', 'give a mapping with show_when (a list of conditions) and optionally logic: all or any');
  const logic = raw.logic ?? 'all';
  if (logic !== 'all' && logic !== 'any') fail('logic', `"${String(logic)}" is not all or any`);
  const list = raw.show_when;
  if (!Array.isArray(list) || !list.length)
    fail('show_when', 'give a list of at least one condition ({schema, operator, value})');
  for (const key of Object.keys(raw))
    if (key !== 'show_when' && key !== 'logic') fail(key, 'unknown key: display_logic takes show_when and logic');
  const show_when = (list as unknown[]).map((c, i) =>
    parseCondition(c, (key, reason) => fail(`show_when[${i}]${key ? `.${key}` : ''}`, reason)),
  );
  return { show_when, logic: logic as 'all' | 'any' };
}

function parseCondition(raw: unknown, fail: (key: string, reason: string) => never): Condition {
  if (!isMapping(raw)) return fail('', 'a condition is a mapping {schema, operator, value}');
  for (const key of Object.keys(raw))
    if (!['schema', 'operator', 'value', 'case_sensitive'].includes(key))
      fail(key, 'unknown key: a condition takes schema, operator, value and case_sensitive');
  if (typeof raw.schema !== 'string' || !raw.schema) fail('schema', 'name the scheme whose answer is tested');
  const operator = raw.operator;
  if (typeof operator !== 'string' || !(OPERATORS as readonly string[]).includes(operator)) {
    fail(
      'operator',
      `${operator === undefined ? 'missing' : `"${String(operator)}" is not an operator`}; use one of ${OPERATORS.join(', ')}`,
    );
  }
  const value = raw.value;
  const op = operator as Operator;
  if (NO_VALUE.has(op)) {
    if (value !== undefined && value !== null) fail('value', `${op} takes no value`);
  } else if (RANGE.has(op)) {
    if (!Array.isArray(value) || value.length !== 2 || !value.every(isNumber))
      fail('value', `${op} takes a range [min, max] of two numbers`);
    if (Number(value[0]) > Number(value[1]))
      fail('value', `the range's min ${String(value[0])} is above its max ${String(value[1])}`);
  } else if (NUMBER.has(op)) {
    if (!isNumber(value)) fail('value', `${op} takes a number`);
  } else if (op === 'matches') {
    if (typeof value !== 'string') fail('value', 'matches takes a regular expression as text');
    try {
      new RegExp(value);
    } catch (e) {
      fail('value', `not a regular expression: ${(e as Error).message}`);
    }
  } else if (!(isScalar(value) || (Array.isArray(value) && value.length > 0 && value.every(isScalar)))) {
    fail('value', `${op} takes a value or a list of values`);
  }
  const condition: Condition = { schema: raw.schema as string, operator: op };
  if (value !== undefined && value !== null) condition.value = value as Scalar | Scalar[];
  if (raw.case_sensitive !== undefined) {
    if (typeof raw.case_sensitive !== 'boolean') fail('case_sensitive', 'give true or false');
    condition.case_sensitive = raw.case_sensitive as boolean;
  }
  return condition;
}

/**
 * Checks rules against each other once all are read: every condition names a known question, and no question
 * waits on itself through others. `fail(owner, key, reason)` names the rule's owner and the key.
 */
export function checkRules(
  rules: ReadonlyMap<string, DisplayLogic>,
  known: (name: string) => boolean,
  fail: (owner: string, key: string, reason: string) => never,
): void {
  for (const [owner, rule] of rules) {
    rule.show_when.forEach((c, i) => {
      if (c.schema === owner) fail(owner, `show_when[${i}].schema`, 'a question cannot depend on its own answer');
      if (!known(c.schema)) fail(owner, `show_when[${i}].schema`, `no question is named "${c.schema}"`);
    });
  }
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]): void => {
    if (state.get(name) === 'done') return;
    if (state.get(name) === 'visiting') {
      const cycle = [...path.slice(path.indexOf(name)), name];
      fail(cycle[0], 'show_when', `circular conditions: ${cycle.join(' → ')}`);
    }
    state.set(name, 'visiting');
    for (const c of rules.get(name)?.show_when ?? []) visit(c.schema, [...path, name]);
    state.set(name, 'done');
  };
  for (const name of rules.keys()) visit(name, []);
}

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
