/**
 * Checks a submission against the task's schemes and the instance text, and turns it into stored form.
 * Every refusal names the field so a script author can fix the request.
 */
import { invalid } from '../errors.js';
import { textLengthOf, type Instance, type Label, type Scheme, type Task } from '../task.js';
import { schemeModuleOf } from '../schemes/registry.js';
import { AnswerError, type SchemeTypeModule } from '../schemes/module.js';
import { hashString } from '../seeded-random.js';
import { offsetsFit, type FormatCoords, type SpanRecord, type Submission } from './records.js';

/** Position of each label name in its scheme (first occurrence), built once per labels list. */
const labelPositions = new WeakMap<readonly Label[], Map<string, number>>();
function labelPosition(scheme: Scheme, name: string): number {
  let positions = labelPositions.get(scheme.labels);
  if (!positions) {
    positions = new Map();
    for (let i = 0; i < scheme.labels.length; i++)
      if (!positions.has(scheme.labels[i].name)) positions.set(scheme.labels[i].name, i);
    labelPositions.set(scheme.labels, positions);
  }
  return positions.get(name) ?? -1;
}

/** Position of each scheme in the task, built once per schemes list. */
const schemePositions = new WeakMap<readonly Scheme[], Map<string, number>>();
function schemePosition(task: Task, name: string): number {
  let positions = schemePositions.get(task.schemes);
  if (!positions) {
    positions = new Map(task.schemes.map((s, i) => [s.name, i]));
    schemePositions.set(task.schemes, positions);
  }
  return positions.get(name) ?? -1;
}

/** A valid answer key "<scheme>:<label>" taken apart, with the positions canonical order needs. */
interface AnswerKey {
  scheme: Scheme;
  module: SchemeTypeModule;
  schemeName: string;
  labelName: string;
  schemeAt: number;
  labelAt: number;
}

/** Answer keys already checked, per schemes list: a submission's keys repeat, and each took several look-ups. */
const answerKeys = new WeakMap<readonly Scheme[], Map<string, AnswerKey>>();

function answerKey(task: Task, key: string): AnswerKey {
  let known = answerKeys.get(task.schemes);
  if (!known) answerKeys.set(task.schemes, (known = new Map()));
  const found = known.get(key);
  if (found) return found;
  // Potato's pages spell some keys "<scheme>:::<label>"; it splits there first, and so do we
  const triple = key.indexOf(':::');
  const colon = triple > 0 ? triple : key.indexOf(':');
  if (colon <= 0) throw invalid(`annotations["${key}"]: keys must have the form "<scheme>:<label>"`);
  const schemeName = key.slice(0, colon);
  let labelName = key.slice(colon + (triple > 0 ? 3 : 1));
  const scheme = task.schemeByName.get(schemeName);
  if (!scheme) throw invalid(`annotations["${key}"]: unknown scheme "${schemeName}"`);
  const module = schemeModuleOf(scheme);
  if (module.storage === 'spans')
    throw invalid(`annotations["${key}"]: "${schemeName}" is a span scheme; send it in span_annotations`);
  if (module.storage === 'links')
    throw invalid(`annotations["${key}"]: "${schemeName}" is a link scheme; send it in link_annotations`);
  if (module.storage === 'events')
    throw invalid(`annotations["${key}"]: "${schemeName}" is an event scheme; send it in event_annotations`);
  if (module.storage === 'none')
    throw invalid(`annotations["${key}"]: "${schemeName}" is ${scheme.annotation_type}: it is shown, never answered`);
  let labelAt = labelPosition(scheme, labelName);
  if (
    labelAt < 0 &&
    module.fieldNames &&
    scheme.labels.length === 1 &&
    (labelName === schemeName || module.fieldNames.includes(labelName))
  ) {
    labelAt = 0;
    labelName = scheme.labels[0].name;
  }
  if (labelAt < 0 && module.dataLabel === labelName) labelAt = scheme.labels.length;
  const open = labelAt < 0 && module.openLabels?.(scheme) === true;
  if (open) labelAt = scheme.labels.length;
  if (labelAt < 0) throw invalid(`annotations["${key}"]: scheme "${schemeName}" has no label "${labelName}"`);
  const parsed = { scheme, module, schemeName, labelName, schemeAt: schemePosition(task, schemeName), labelAt };
  // only valid keys are kept, and there are only as many as the schemes have labels (labels read from each item
  // are not kept: there is no bound on them)
  if (!open) known.set(key, parsed);
  return parsed;
}

export function validateLabels(
  task: Task,
  annotations: NonNullable<Submission['annotations']>,
): Record<string, Record<string, string>> {
  const labels: Record<string, Record<string, string>> = {};
  // whether the answers came in canonical order already (the UI and most scripts send them so): then `labels`
  // is returned as built, without the re-ordering copy below
  let inOrder = true;
  let lastScheme = -1;
  let lastLabel = -1;
  // schemes whose type checks the answer as a whole, once its labels are read (made only when there is one)
  let whole: { scheme: Scheme; module: SchemeTypeModule; chosen: Record<string, string> }[] | undefined;
  for (const key in annotations) {
    if (!Object.hasOwn(annotations, key)) continue;
    const raw = annotations[key];
    const { scheme, module, schemeName, labelName, schemeAt, labelAt } = answerKey(task, key);
    const given = String(raw);
    if (given.length > 100_000) throw invalid(`annotations["${key}"]: value is longer than 100000 characters`);
    const value = module.accept(scheme, labelName, given);
    if (value === null) continue; // an unticked choice, an empty field: no answer
    if (value instanceof AnswerError) throw invalid(`annotations["${key}"]: ${value.message}`);
    let chosen = labels[schemeName];
    if (!chosen) {
      chosen = labels[schemeName] = {};
      if (module.check) (whole ??= []).push({ scheme, module, chosen });
    }
    chosen[labelName] = value;
    if (module.single && Object.keys(chosen).length > 1) {
      throw invalid(
        `annotations: scheme "${schemeName}" is ${scheme.annotation_type} and takes one label, got ${Object.keys(chosen).join(', ')}`,
      );
    }
    if (schemeAt < lastScheme || (schemeAt === lastScheme && labelAt <= lastLabel)) inOrder = false;
    lastScheme = schemeAt;
    lastLabel = labelAt;
  }
  for (const { scheme, module, chosen } of whole ?? []) {
    const problem = module.check!(scheme, chosen);
    if (problem) throw invalid(`annotations: scheme "${scheme.name}": ${problem.message}`);
  }
  if (inOrder) return labels;
  // Canonical order (schemes as configured, labels as listed), so the same answer sent with its keys in another
  // order is recognised as unchanged: no new updated_at, no annotation.updated event.
  const ordered: Record<string, Record<string, string>> = {};
  for (const scheme of task.schemes) {
    const chosen = labels[scheme.name];
    const module = chosen && schemeModuleOf(scheme);
    const dataLabel = module && module.dataLabel;
    if (dataLabel) ordered[scheme.name] = { [dataLabel]: chosen[dataLabel] };
    else if (chosen && module.openLabels?.(scheme))
      ordered[scheme.name] = Object.fromEntries(
        Object.keys(chosen)
          .sort()
          .map((l) => [l, chosen[l]]),
      );
    else if (chosen)
      ordered[scheme.name] = Object.fromEntries(
        scheme.labels.filter((l) => Object.hasOwn(chosen, l.name)).map((l) => [l.name, chosen[l.name]]),
      );
  }
  return ordered;
}

/**
 * A span's id is derived from what it is, so it is the same across reads, restarts and identical resubmissions.
 * A span of another field than the text has the field in its id, so the same offsets in two fields are two spans;
 * one with format_coords has them in its id, so two boxes at the same (zero-length) offsets are two spans.
 */
export function spanId(
  username: string,
  instanceId: string,
  scheme: string,
  label: string,
  start: number,
  end: number,
  field?: string,
  coords?: FormatCoords,
): string {
  let base = `${username}\u0001${instanceId}\u0001${scheme}\u0001${label}\u0001${start}\u0001${end}`;
  if (field !== undefined) base += `\u0001${field}`;
  if (coords !== undefined) base += `\u0002${JSON.stringify(coords)}`;
  return `sp_${hashString(base).toString(36)}${hashString(base + '#').toString(36)}`;
}

/** The id derived for a stored span (its own id may be the one its client gave it). */
export const derivedSpanId = (username: string, instanceId: string, s: SpanRecord) =>
  spanId(username, instanceId, s.schema, s.label, s.start, s.end, s.target_field, s.format_coords);

/**
 * Whether an id has the form of the ids derived here. Such an id is never kept as a client's own: a script that
 * read a span, moved it and sent it back with the old id gets the moved span's derived id, as before client ids
 * were kept; and a stored id of any other form is known to be the client's without hashing anything.
 */
export const isDerivedForm = (id: string) => /^sp_[0-9a-z]+$/.test(id);

/**
 * The field a submitted span names, undefined for the text field (named or not, so either spelling stores the
 * same span), and the text its offsets index. A name that is no span target of the task is refused.
 */
function spanField(
  task: Task,
  instance: Instance,
  field: string | undefined,
  where: string,
  textKey?: string,
): { field: string | undefined; text: string | undefined } {
  if (field === undefined || field === textKey) return { field: undefined, text: undefined };
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
    if (!scheme) throw invalid(`${field}.schema: unknown scheme "${span.schema}"`);
    if (schemeModuleOf(scheme).storage !== 'spans')
      throw invalid(`${field}.schema: "${span.schema}" is not a span scheme`);
    if (labelPosition(scheme, span.name) < 0)
      throw invalid(`${field}.name: scheme "${span.schema}" has no label "${span.name}"`);
    const { start, end } = span;
    const target = spanField(task, instance, span.target_field, field, task.textKey);
    const home = scheme.target_field === task.textKey ? undefined : scheme.target_field;
    if (scheme.target_field !== undefined && target.field !== home)
      throw invalid(
        `${field}.target_field: scheme "${span.schema}" marks only "${scheme.target_field}" (its target_field), not "${target.field ?? task.textKey ?? 'the text'}"`,
      );
    let coords = span.format_coords;
    if (coords === undefined && before.length) {
      // a span sent again without the format_coords stored for it keeps them (a client that does not show them,
      // such as a plain-text page, must not erase a PDF anchor's place); stored spans alike are matched in order
      placed ??= storedCoords(before);
      coords = placed.get(placeKey(span.schema, span.name, start, end, target.field))?.shift();
    }
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
