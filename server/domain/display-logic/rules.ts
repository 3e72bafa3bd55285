/**
 * Conditional questions: Potato's `display_logic` (`show_when: [{schema, operator, value, case_sensitive}]`,
 * `logic: all | any`), read from a config into a checked rule and evaluated against answers. Pure: the answers
 * come in through a function, so annotation schemes and phase questions share it; the evaluation itself is
 * shared/display-logic.ts, which the page runs too.
 */
import {
  OPERATORS,
  type Condition,
  type DisplayLogic,
  type Operator,
  type Scalar,
} from '../../../shared/display-logic.js';

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
