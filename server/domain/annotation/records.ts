/** What one annotator has said about one instance, as stored. */

export interface SpanRecord {
  id: string;
  schema: string;
  label: string;
  start: number;
  end: number;
  value: string;
  /** the field the offsets index when it is not the text field (Potato's name); absent: the text field */
  target_field?: string;
  /** where the span sits in a document shown in another format (a PDF page's box, a spreadsheet cell), as sent */
  format_coords?: FormatCoords;
}

/**
 * Potato's `format_coords`: a place in a PDF, spreadsheet, document or code view, or a box on a page. The HTTP edge
 * checks its keys per format; the domain keeps it as sent and reads only what makes a span a region.
 */
export type FormatCoords = { format: string; anchor_kind?: string } & Record<string, string | number | number[]>;

/** A span that marks a region of a page rather than characters, so it may be zero-length (start = end). */
const isRegion = (c: FormatCoords | undefined): boolean =>
  c !== undefined && (c.format === 'bounding_box' || (c.format === 'pdf' && c.anchor_kind === 'region'));

/**
 * Whether a span's offsets fit a text of `length`, and the rule that says so: every way spans come in (the API,
 * Potato's user states, pre-annotations) asks this one, so a region is zero-length everywhere or nowhere.
 */
export function offsetsFit(start: number, end: number, length: number, coords: FormatCoords | undefined) {
  const region = isRegion(coords);
  return {
    fits: start >= 0 && (start < end || (region && start === end)) && end <= length,
    rule: `0 <= start ${region ? '<=' : '<'} end <= ${length}`,
  };
}

export interface AnnotationRecord {
  username: string;
  instance_id: string;
  /** scheme name → label → value */
  labels: Record<string, Record<string, string>>;
  spans: SpanRecord[];
  created_at: string;
  updated_at: string;
}

interface CompletionRecord {
  completed_at: string;
}

declare module '../ports.js' {
  interface Tables {
    annotations: AnnotationRecord;
    /** answers to quality-control checks, kept apart so they never count as annotations of the task */
    qc_answers: AnnotationRecord;
    /** instance id → when it first reached its required annotator count; key "" for the task */
    completions: CompletionRecord;
  }
}

/** Storage key of one annotator's record for one instance (ids never contain control characters). */
export const annotationKey = (username: string, instanceId: string) => `${username}\u0001${instanceId}`;

export function isAnnotated(record: AnnotationRecord | undefined): boolean {
  if (!record) return false;
  if (record.spans.length > 0) return true;
  // for…in, not Object.keys: start-up and agreement ask this of every stored record, and the keys array was garbage
  for (const _ in record.labels) return true;
  return false;
}

/** A submission as the HTTP edge hands it in, already shape-checked. */
export interface Submission {
  instance_id: string;
  annotations?: Record<string, string | number | boolean>;
  span_annotations?: {
    schema: string;
    name: string;
    start: number;
    end: number;
    value?: string;
    id?: string;
    /** a span target field other than the text field; absent: the text field */
    target_field?: string;
    format_coords?: FormatCoords;
  }[];
  /** relations between spans (span_link) and chains of mentions (coreference); replaces the stored ones */
  link_annotations?: LinkSubmission[];
  /** events: a trigger span with typed argument spans; replaces the stored ones */
  event_annotations?: EventSubmission[];
}

/** One link as Potato's pages send it; `span_ids` name spans of the instance (see structures.ts). */
interface LinkSubmission {
  id?: string;
  schema: string;
  link_type: string;
  span_ids: string[];
  direction?: 'directed' | 'undirected';
  properties?: Record<string, unknown>;
}

interface EventSubmission {
  id?: string;
  schema: string;
  event_type: string;
  trigger_span_id: string;
  arguments?: { role: string; span_id: string }[];
  properties?: Record<string, unknown>;
}

/**
 * Whether two label maps are the same, keys in the same order (what comparing their JSON text said, without
 * building the text twice on every submission).
 */
export function sameLabels(a: AnnotationRecord['labels'], b: AnnotationRecord['labels']): boolean {
  const schemes = Object.keys(a);
  if (!sameKeys(schemes, b)) return false;
  for (const scheme of schemes) {
    const x = a[scheme];
    const y = b[scheme];
    const labels = Object.keys(x);
    if (!sameKeys(labels, y)) return false;
    for (const label of labels) if (x[label] !== y[label]) return false;
  }
  return true;
}

function sameKeys(keys: string[], other: object): boolean {
  let i = 0;
  for (const key in other) {
    if (!Object.hasOwn(other, key)) continue;
    if (keys[i++] !== key) return false;
  }
  return i === keys.length;
}

/** Whether two span lists are the same, in the same order. */
export function sameSpans(a: readonly SpanRecord[], b: readonly SpanRecord[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) {
    const x = a[i];
    const y = b[i];
    if (
      x.id !== y.id ||
      x.schema !== y.schema ||
      x.label !== y.label ||
      x.start !== y.start ||
      x.end !== y.end ||
      x.value !== y.value ||
      x.target_field !== y.target_field ||
      (x.format_coords !== y.format_coords && JSON.stringify(x.format_coords) !== JSON.stringify(y.format_coords))
    )
      return false;
  }
  return true;
}
