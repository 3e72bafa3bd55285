/**
 * Checks a submission's spans (`span_annotations`) against the task's span schemes and the text their offsets
 * index, and turns them into stored form with their ids. Every refusal names the field.
 */
import { invalid } from '../errors.js';
import { textLengthOf, type Instance, type Scheme, type Task } from '../task.js';
import { schemeModuleOf } from '../schemes/registry.js';
import { offsetsFit, type FormatCoords, type SpanRecord, type Submission } from './records.js';
import { derivedSpanId, isDerivedForm, spanId } from './span-ids.js';
import { labelPosition } from './validate.js';
import { checkFieldBox, isFieldBox } from './field-boxes.js';

/**
 * The field a span of `scheme` names, undefined for the text field (named or not, so either spelling stores the
 * same span), and the text its offsets index (undefined: the item's text). A name that is no span target of the
 * task, or another field than the scheme's own `target_field`, is refused naming `<where>.target_field`: the one
 * rule for submissions, pre-annotation imports and Potato's saved states.
 */
export function spanTarget(
  task: Task,
  instance: Instance,
  scheme: Scheme,
  field: string | undefined,
  where: string,
): { field: string | undefined; text: string | undefined } {
  const target = namedField(task, instance, field, where);
  const home = scheme.target_field === task.textKey ? undefined : scheme.target_field;
  if (scheme.target_field !== undefined && target.field !== home)
    throw invalid(
      `${where}.target_field: scheme "${scheme.name}" marks only "${scheme.target_field}" (its target_field), not "${target.field ?? task.textKey ?? 'the text'}"`,
    );
  return target;
}

function namedField(
  task: Task,
  instance: Instance,
  field: string | undefined,
  where: string,
): { field: string | undefined; text: string | undefined } {
  if (field === undefined || field === task.textKey) return { field: undefined, text: undefined };
  const read = task.spanFields?.get(field);
  if (!read) {
    const named = [...(task.spanFields?.keys() ?? [])];
    throw invalid(
      `${where}.target_field: "${field}" is not a span target of this task (${named.length ? `span_target fields: ${named.join(', ')}; ` : ''}leave it out for the text field)`,
    );
  }
  const text = read(instance);
  if (text === undefined) throw invalid(`${where}.target_field: instance "${instance.id}" has no text in "${field}"`);
  return { field, text };
}

const placeKey = (schema: string, label: string, start: number, end: number, field: string | undefined) =>
  `${schema}\u0001${label}\u0001${start}\u0001${end}\u0001${field ?? ''}`;

const NONE_PLACED: ReadonlyMap<string, FormatCoords[]> = new Map();

/** The stored spans' format_coords by where the spans are, in stored order. */
function storedCoords(before: readonly SpanRecord[]): ReadonlyMap<string, FormatCoords[]> {
  if (!before.some((s) => s.format_coords !== undefined)) return NONE_PLACED;
  const out = new Map<string, FormatCoords[]>();
  for (const s of before) {
    if (s.format_coords === undefined) continue;
    const key = placeKey(s.schema, s.label, s.start, s.end, s.target_field);
    const list = out.get(key);
    if (list) list.push(s.format_coords);
    else out.set(key, [s.format_coords]);
  }
  return out;
}

/**
 * The spans to store. A span keeps the id its client sent (links sent later name it so), or, sent again without
 * one, the id stored for it in `before`; else it gets its derived id. Sent again without format_coords, it keeps
 * those stored for it. The same span twice is one span; a span sent
 * with two ids, or one id for two spans, is refused.
 */
export function validateSpans(
  task: Task,
  instance: Instance,
  username: string,
  spans: NonNullable<Submission['span_annotations']>,
  before: readonly SpanRecord[] = [],
): SpanRecord[] {
  const out: SpanRecord[] = [];
  // derived id → the span stored for it and where it was sent; own id → where it was sent
  const byDerived = new Map<string, { record: SpanRecord; n: number; given: boolean }>();
  const byId = new Map<string, number>();
  let kept: Map<string, string> | undefined;
  let placed: ReadonlyMap<string, FormatCoords[]> | undefined;
  spans.forEach((span, n) => {
    const field = `span_annotations[${n}]`;
    const scheme = task.schemeByName.get(span.schema);
    const fieldBox = !scheme && isFieldBox(task, span, field);
    if (!scheme && !fieldBox) throw invalid(`${field}.schema: unknown scheme "${span.schema}"`);
    if (scheme && schemeModuleOf(scheme).storage !== 'spans')
      throw invalid(`${field}.schema: "${span.schema}" is not a span scheme`);
    if (scheme && labelPosition(scheme, span.name) < 0)
      throw invalid(`${field}.name: scheme "${span.schema}" has no label "${span.name}"`);
    const { start, end } = span;
    // a box of the field (no span scheme) names no field: it marks the text's place, as every box does
    const target = scheme
      ? spanTarget(task, instance, scheme, span.target_field, field)
      : { field: undefined, text: undefined };
    let coords = span.format_coords;
    if (coords === undefined && before.length) {
      // a span sent again without the format_coords stored for it keeps them (a client that does not show them,
      // such as a plain-text page, must not erase a PDF anchor's place); stored spans alike are matched in order
      placed ??= storedCoords(before);
      coords = placed.get(placeKey(span.schema, span.name, start, end, target.field))?.shift();
    }
    if (fieldBox) checkFieldBox(task, coords, field);
    const length = target.text === undefined ? textLengthOf(instance) : target.text.length;
    const offsets = offsetsFit(start, end, length, coords);
    if (!offsets.fits) {
      throw invalid(
        `${field}: offsets must satisfy ${offsets.rule}${target.field === undefined ? '' : ` (the length of "${target.field}")`} (got start ${start}, end ${end})`,
      );
    }
    const derived = spanId(username, instance.id, span.schema, span.name, start, end, target.field, coords);
    const given = span.id !== undefined && !isDerivedForm(span.id) ? span.id : undefined;
    if (given === undefined && kept === undefined) {
      kept = new Map();
      for (const s of before) if (!isDerivedForm(s.id)) kept.set(derivedSpanId(username, instance.id, s), s.id);
    }
    const id = given ?? kept?.get(derived) ?? derived;
    const same = byDerived.get(derived);
    if (same) {
      // the same span twice is one span, under the id its client gave it
      if (given === undefined || same.record.id === given) return;
      if (same.given)
        throw invalid(
          `${field}.id: the same span as span_annotations[${same.n}], which has the id "${same.record.id}" (a span has one id)`,
        );
      byId.delete(same.record.id);
      same.record.id = given;
      same.given = true;
    }
    const other = byId.get(id);
    if (other !== undefined)
      throw invalid(`${field}.id: "${id}" already names span_annotations[${other}], another span`);
    byId.set(id, n);
    if (same) return;
    const record: SpanRecord = {
      id,
      schema: span.schema,
      label: span.name,
      start,
      end,
      value: span.value ?? (target.text ?? instance.text).slice(start, end),
    };
    if (target.field !== undefined) record.target_field = target.field;
    if (coords !== undefined) record.format_coords = coords;
    byDerived.set(derived, { record, n, given: given !== undefined });
    out.push(record);
  });
  return out.sort(
    (a, b) =>
      (a.target_field ?? '').localeCompare(b.target_field ?? '') ||
      a.start - b.start ||
      a.end - b.end ||
      a.schema.localeCompare(b.schema) ||
      a.label.localeCompare(b.label) ||
      a.id.localeCompare(b.id),
  );
}
