/** What one annotator has said about one instance, as stored. */

export interface SpanRecord {
  id: string;
  schema: string;
  label: string;
  start: number;
  end: number;
  value: string;
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

export interface CompletionRecord {
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
  return !!record && (record.spans.length > 0 || Object.keys(record.labels).length > 0);
}

/** A submission as the HTTP edge hands it in, already shape-checked. */
export interface Submission {
  instance_id: string;
  annotations?: Record<string, string | number | boolean>;
  span_annotations?: { schema: string; name: string; start: number; end: number; value?: string; id?: string }[];
}
