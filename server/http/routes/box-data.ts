/**
 * Potato's page keeps the boxes drawn on a document or PDF field in one hidden input and posts it as the label
 * `"<field>:::_data"`: JSON text of a list of `{id, bbox: [x, y, w, h] as shares of the page, bbox_pixels, label,
 * page, created_at}`. Boxes are stored here as they always are, zero-length spans with `bounding_box` format_coords,
 * so that label is translated at the edge into the submission's spans and then validated as any span is.
 */
import { z } from 'zod';
import { DomainError, invalid } from '../../domain/errors.js';
import type { AnnotationRecord, FormatCoords, Submission } from '../../domain/annotation/records.js';
import { isSpanClientId, SPAN_ID_RULE } from '../../domain/annotation/span-fields.js';
import type { Task } from '../../domain/task.js';
import { spanPayload } from '../../domain/annotation/payloads.js';
import type { PotatoState } from './potato-submission.js';

type Span = NonNullable<Submission['span_annotations']>[number];

const share = z.number().min(0, 'must be a share from 0 to 1').max(1, 'must be a share from 0 to 1');
const potatoBox = z.strictObject({
  id: z.string().refine(isSpanClientId, SPAN_ID_RULE).optional(),
  bbox: z.tuple([share, share, share, share]),
  bbox_pixels: z.array(z.number().min(-1e9).max(1e9)).length(4).optional(),
  label: z.string().max(256).nullable().optional(),
  page: z.number().int().min(1).max(1_000_000).optional(),
  // when the page drew it; a span has no place for it, and nothing here reads it
  created_at: z.string().max(64).optional(),
});

/** The `annotations` key carrying a field's boxes, and the field; undefined for any other key. */
function boxDataKey(task: Task, key: string): string | undefined {
  const triple = key.indexOf(':::');
  const colon = triple > 0 ? triple : key.indexOf(':');
  if (colon <= 0 || key.slice(colon + (triple > 0 ? 3 : 1)) !== '_data') return undefined;
  const name = key.slice(0, colon);
  // a scheme's own "_data" (turn-level answers) is an answer of that scheme
  return task.schemeByName.has(name) ? undefined : name;
}

const isBox = (s: Pick<Span, 'format_coords'>) => s.format_coords?.format === 'bounding_box';

/** Stored spans as a client sends them back, with their ids and format_coords (the API's shape). */
export const sentSpans = (stored: AnnotationRecord | undefined): Span[] => (stored ? spanPayload(stored) : []);

/** What a submission with a `"<field>:::_data"` label amounts to, and which spans that label became. */
export interface BoxData {
  submission: Submission;
  /** the label as sent and where its boxes start in the submission's spans */
  from?: { key: string; at: number };
}

/**
 * The submission with a field's `_data` label taken out and its boxes put in place of the stored boxes (the other
 * spans are those sent, else those stored). A body without such a label is returned as it is.
 */
export function withBoxData(task: Task, body: Submission, stored: () => AnnotationRecord | undefined): BoxData {
  // every submission passes here: a loop over the keys' ends, without allocating, for the many that carry no boxes
  let keys: string[] | undefined;
  for (const k in body.annotations)
    if (k.endsWith(':_data') && boxDataKey(task, k) !== undefined) (keys ??= []).push(k);
  if (!keys) return { submission: body };
  if (keys.length > 1)
    throw invalid(`annotations["${keys[1]}"]: the boxes are sent once, and "${keys[0]}" sends them already`);
  const [key] = keys;
  const where = `annotations["${key}"]`;
  const field = boxDataKey(task, key)!;
  const drawing = task.boxField;
  // without a drawing field the name is no scheme either (a scheme's own "_data" is its answer): say both
  if (drawing?.key !== field)
    throw invalid(
      drawing
        ? `${where}: "${field}" is not a display field drawing boxes (boxes are drawn on "${drawing.key}")`
        : `${where}: unknown scheme "${field}", and no display field draws boxes (none has display_options.annotation_mode: bounding_box)`,
    );
  const { [key]: text, ...annotations } = body.annotations!;
  const boxes = readBoxes(text, where).map((box, n) => boxSpan(task, box, `${where}[${n}]`));
  const others = (body.span_annotations ?? sentSpans(stored())).filter((s) => !isBox(s));
  const submission: Submission = { ...body, span_annotations: [...others, ...boxes] };
  // the label alone leaves the stored labels as they are, as Potato's merge does; with others they are sent whole
  if (Object.keys(annotations).length) submission.annotations = annotations;
  else delete submission.annotations;
  return { submission, from: { key, at: others.length } };
}

function readBoxes(text: unknown, where: string): z.output<typeof potatoBox>[] {
  if (typeof text !== 'string') throw invalid(`${where}: expected JSON text of a list of boxes`);
  if (text.trim() === '') return [];
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw invalid(`${where}: not valid JSON text`);
  }
  if (!Array.isArray(parsed)) throw invalid(`${where}: expected a JSON list of boxes`);
  if (parsed.length > 10_000) throw invalid(`${where}: more than 10000 boxes`);
  return parsed.map((raw, n) => {
    const checked = potatoBox.safeParse(raw);
    if (checked.success) return checked.data;
    const issue = checked.error.issues[0];
    const path = issue.path.map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
    const keys = issue.code === 'unrecognized_keys' ? `.${issue.keys[0]}` : '';
    throw invalid(`${where}[${n}]${path}${keys}: ${keys ? 'not a key of a box' : issue.message}`);
  });
}

function boxSpan(task: Task, box: z.output<typeof potatoBox>, where: string): Span {
  const [x, y, w, h] = box.bbox;
  // a share past the page's edge is no place on it (a little slack for the page's rounding)
  if (x + w > 1 + 1e-6 || y + h > 1 + 1e-6)
    throw invalid(`${where}.bbox: the box leaves the page (x + width and y + height must be at most 1)`);
  const label = box.label ?? '';
  const coords: FormatCoords = { format: 'bounding_box', page: box.page ?? 1, bbox: [x, y, w, h] };
  if (box.bbox_pixels) coords.bbox_pixels = box.bbox_pixels;
  if (label) coords.label = label;
  const span: Span = { schema: schemeOf(task, label, where), name: label, start: 0, end: 0, format_coords: coords };
  if (box.id !== undefined) span.id = box.id;
  return span;
}

/**
 * The scheme a box's span is of: the field itself without a span scheme (the domain checks the label), else the
 * first span scheme marking the text that has the label.
 */
function schemeOf(task: Task, label: string, where: string): string {
  const drawing = task.boxField!;
  if (drawing.fieldLabels) return drawing.key;
  const spanSchemes = task.schemes.filter(
    (s) => s.annotation_type === 'span' && (s.target_field === undefined || s.target_field === task.textKey),
  );
  if (!label) throw invalid(`${where}.label: required: a box is a span of a span scheme, named by its label`);
  const scheme = spanSchemes.find((s) => s.labels.some((l) => l.name === label));
  if (!scheme)
    throw invalid(
      `${where}.label: "${label}" is no label of a span scheme marking the text (${[...new Set(spanSchemes.flatMap((s) => s.labels.map((l) => l.name)))].join(', ')})`,
    );
  return scheme.name;
}

/** A refusal of the translated spans in terms of the label that was sent (`annotations["doc:::_data"][2]`). */
export function inBoxTerms(data: BoxData, e: unknown): unknown {
  if (!(e instanceof DomainError) || !data.from) return e;
  const span = /^span_annotations\[(\d+)\](.*)$/s.exec(e.message);
  if (!span || Number(span[1]) < data.from.at) return e;
  return new DomainError(e.kind, `annotations["${data.from.key}"][${Number(span[1]) - data.from.at}]${span[2]}`);
}

/**
 * Potato's type/schema/state form naming a field rather than a scheme, `{schema: "doc", state: [{name: "_data",
 * value}]}`, as the `"doc:::_data"` label it stands for (Potato stores both as that one label); undefined for any
 * other state body. A null value clears the boxes, as an empty one does.
 */
export function boxDataOfState(task: Task, body: PotatoState): Submission | undefined {
  if (task.schemeByName.has(body.schema) || !body.state.some((e) => e.name === '_data')) return undefined;
  const other = body.state.findIndex((e, n) => e.name !== '_data' || n > 0);
  if (other >= 0)
    throw invalid(
      `state[${other}].name: "${body.schema}" is a field drawing boxes, not a scheme: its boxes are sent as one entry named "_data"`,
    );
  const { value } = body.state[0];
  if (value === undefined) throw invalid('state[0].value: required');
  return { instance_id: body.instance_id, annotations: { [`${body.schema}:::_data`]: value ?? '' } };
}

/** A refusal of boxes sent in the state form, naming the entry (`state[0].value[2]`) or the `schema` at fault. */
export function inStateBoxTerms(body: PotatoState, e: unknown): unknown {
  const label = `annotations["${body.schema}:::_data"]`;
  if (!(e instanceof DomainError) || !e.message.startsWith(label)) return e;
  const rest = e.message.slice(label.length);
  // the field's own refusals (not drawing boxes, no field drawing any) are about the schema named
  const aboutField = rest.startsWith(`: "${body.schema}" is not`) || rest.startsWith(': unknown scheme');
  return new DomainError(e.kind, `${aboutField ? 'schema' : 'state[0].value'}${rest}`);
}
