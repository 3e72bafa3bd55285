/**
 * Potato's saved state of one annotator (`user_state.json` in a folder per annotator under its
 * `output_annotation_dir`) read into what this project keeps: the annotator's list in Potato's order, where they
 * were in it, the phase they were in, and one submission per instance they answered, with its times. Pure: the
 * file is read by server/io/potato-output-folder.ts, and the submissions are checked by the annotation service as
 * any other.
 */
import { z } from 'zod';
import type { FormatCoords, Submission } from '../annotation/records.js';
import { readFormatCoords } from '../annotation/span-fields.js';
import { spanTarget } from '../annotation/validate-spans.js';
import type { AnswerChange } from '../annotation/submit-hooks.js';
import type { Task } from '../task.js';
import { textLengthOf } from '../task.js';

const id = z.lazy(() => z.union([z.string(), z.number()]).transform(String));
const offset = z.lazy(() => z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]));
/** Potato writes each answer as a pair: what it is about, and its value. */
const pair = <T extends z.ZodTypeAny>(key: T) => z.tuple([key, z.unknown()]);
const labelKey = z.lazy(() => z.object({ schema: z.string(), name: z.string() }));
const spanKey = z.lazy(() =>
  z.object({
    schema: z.string(),
    name: z.string(),
    start: offset,
    end: offset,
    id: z.string().nullish(),
    // the span target field it marks (Potato's multi-span mode), checked per span below as the API checks it
    target_field: z.string().nullish(),
    // checked per span below, so a bad one names its user and instance as other refusals do
    format_coords: z.unknown().optional(),
  }),
);
/** an empty id is no id: the annotation service derives the entry's own */
const entryId = z
  .string()
  .nullish()
  .transform((v) => v || undefined);
const link = z.lazy(() =>
  z.object({
    id: entryId,
    schema: z.string(),
    link_type: z.string(),
    span_ids: z.array(z.string()),
    direction: z.enum(['directed', 'undirected']).nullish(),
    properties: z.record(z.string(), z.unknown()).nullish(),
  }),
);
const event = z.lazy(() =>
  z.object({
    id: entryId,
    schema: z.string(),
    event_type: z.string(),
    trigger_span_id: z.string(),
    arguments: z.array(z.object({ role: z.string(), span_id: z.string() })).nullish(),
    properties: z.record(z.string(), z.unknown()).nullish(),
  }),
);
/** One change of an answer as Potato's behavioural data keeps it (`timestamp` in epoch seconds). */
const potatoChange = z.lazy(() =>
  z
    .object({
      timestamp: z.number(),
      schema_name: z.string(),
      label_name: z.string().nullish(),
      action: z.string().nullish(),
      new_value: z.unknown().optional(),
    })
    .passthrough(),
);

const behaviour = z.lazy(() =>
  z
    .object({
      session_start: z.number().nullish(),
      session_end: z.number().nullish(),
      total_time_ms: z.number().min(0).nullish(),
      navigation_history: z.array(z.object({ action: z.string().nullish() }).passthrough()).nullish(),
      // Potato's newer files list each change; older ones keep only a count, which has no times or answers to take in
      annotation_changes: z
        .array(potatoChange)
        .or(z.unknown().transform(() => null))
        .nullish(),
    })
    .passthrough()
    .or(
      z.unknown().transform(() => ({
        session_start: null,
        session_end: null,
        total_time_ms: null,
        navigation_history: null,
        annotation_changes: null,
      })),
    ),
);

/** The parts of Potato's user state this project takes in; the rest of the file is left as it is. */
const userStateFile = z.lazy(() =>
  z.object({
    user_id: id,
    instance_id_ordering: z.array(id).default([]),
    current_instance_index: z.number().int().default(0),
    current_phase_and_page: z.tuple([z.string(), z.string()]).nullish(),
    instance_id_to_label_to_value: z.record(z.string(), z.array(pair(labelKey))).default({}),
    instance_id_to_span_to_value: z.record(z.string(), z.array(pair(spanKey))).default({}),
    instance_id_to_link_to_value: z.record(z.string(), z.record(z.string(), link)).default({}),
    instance_id_to_event_to_value: z.record(z.string(), z.record(z.string(), event)).default({}),
    instance_id_to_behavioral_data: z.record(z.string(), behaviour).default({}),
  }),
);

/** One thing in a file that was not taken in: where, and why. */
export interface Problem {
  instance?: string;
  problem: string;
}

interface PotatoAnswer {
  submission: Submission;
  at: { created_at: string; updated_at: string };
  /** Potato's time on the item (ms), the times it was opened and the answer's changes, from its behavioural data */
  seen?: { ms: number; visits: number; changes?: AnswerChange[] };
}

/** What one user state amounts to here. */
export interface PotatoUserState {
  username: string;
  /** the annotator's list, Potato's order, instances this task has */
  list: string[];
  cursor: number;
  /** Potato's phase name (annotation, done, consent, …), when the file says */
  phase: string | undefined;
  answers: PotatoAnswer[];
  /** instances of Potato's list that this task does not have, left out of the list as Potato leaves them out */
  unknownListed: string[];
}

/** A value Potato stores for a kept span (`True`, or a page's "true"), as opposed to the text selected. */
const ticked = (v: unknown) => v === true || v === 'true' || v === 'True' || v === 1;
/** Values that untick a label in Potato's pages; such a pair is no answer. */
const unticked = (v: unknown) => v === false || v === null || v === undefined || v === 'false' || v === 'False';

/**
 * Potato's change as ours: the answer it names (`scheme:label`; a single choice names its label in the value) and
 * the value it left, none when the answer was taken away.
 */
function answerChange(c: z.output<typeof potatoChange>): AnswerChange {
  const value = c.new_value === undefined || c.new_value === null ? null : String(c.new_value);
  const removed = c.action === 'deselect' || c.action === 'clear';
  return [Math.round(c.timestamp * 1000), `${c.schema_name}:${c.label_name ?? value ?? ''}`, removed ? null : value];
}

/** A link or event as a submission carries it: Potato's entry without the keys it saved as null. */
function withoutNulls<T extends object>(entry: T): { [K in keyof T]: Exclude<T[K], null> } {
  return Object.fromEntries(Object.entries(entry).filter(([, v]) => v !== null && v !== undefined)) as {
    [K in keyof T]: Exclude<T[K], null>;
  };
}

const seconds = (s: number | null | undefined) =>
  typeof s === 'number' && Number.isFinite(s) && s > 0 ? new Date(Math.round(s * 1000)).toISOString() : undefined;

/**
 * Reads one file's JSON: the annotator's state, or the problems that keep it out. Answers whose instance the task
 * lacks or whose span does not cover the text it names are problems; whether the answers fit their schemes is
 * the annotation service's check.
 */
export function readUserState(
  task: Task,
  json: unknown,
  savedAt: string,
): { state: PotatoUserState; problems: Problem[] } | { problems: Problem[] } {
  const parsed = userStateFile.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { problems: [{ problem: `${issue.path.join('.') || 'file'}: ${issue.message}` }] };
  }
  const j = parsed.data;
  const problems: Problem[] = [];
  const list = [...new Set(j.instance_id_ordering)].filter((iid) => task.positionById.has(iid));
  const unknownListed = j.instance_id_ordering.filter((iid) => !task.positionById.has(iid));
  const here = j.instance_id_ordering[j.current_instance_index];
  const cursor = Math.max(0, here !== undefined && list.includes(here) ? list.indexOf(here) : 0);

  const answered = new Set([
    ...Object.keys(j.instance_id_to_label_to_value),
    ...Object.keys(j.instance_id_to_span_to_value),
    ...Object.keys(j.instance_id_to_link_to_value),
    ...Object.keys(j.instance_id_to_event_to_value),
  ]);
  const answers: PotatoAnswer[] = [];
  for (const iid of answered) {
    const instance = task.instanceById.get(iid);
    if (!instance || !task.positionById.has(iid)) {
      problems.push({ instance: iid, problem: `the task has no instance "${iid}"` });
      continue;
    }
    const submission: Submission = { instance_id: iid };
    const labels = j.instance_id_to_label_to_value[iid];
    if (labels) {
      const annotations: Record<string, string> = {};
      for (const [key, value] of labels) {
        if (unticked(value)) continue;
        annotations[`${key.schema}:${key.name}`] = typeof value === 'string' ? value : String(value);
      }
      submission.annotations = annotations;
    }
    const spans = j.instance_id_to_span_to_value[iid];
    if (spans) {
      const out: NonNullable<Submission['span_annotations']> = [];
      for (const [span, value] of spans) {
        if (unticked(value)) continue;
        const scheme = task.schemeByName.get(span.schema);
        let text: string | undefined;
        try {
          // a scheme the task lacks is named by the annotation service's check
          if (scheme) text = spanTarget(task, instance, scheme, span.target_field ?? undefined, 'span').text;
        } catch (e) {
          problems.push({
            instance: iid,
            problem: `span ${span.schema}:${span.name} [${span.start}, ${span.end}): ${(e as Error).message.replace(/^span\./, '')}`,
          });
          continue;
        }
        const length = text === undefined ? textLengthOf(instance) : text.length;
        const shown = (text ?? instance.text).slice(span.start, span.end);
        // a span's value is the text the annotator selected: it must be the text at its offsets here
        if (typeof value === 'string' && !ticked(value) && span.end <= length && value !== shown) {
          problems.push({
            instance: iid,
            problem: `span ${span.schema}:${span.name} [${span.start}, ${span.end}) is "${value}" in the file but "${shown}" in ${span.target_field ? `"${span.target_field}"` : 'the text'}`,
          });
          continue;
        }
        let coords: FormatCoords | undefined;
        if (span.format_coords !== undefined && span.format_coords !== null) {
          // Potato's PDF anchors and boxes, checked as the API checks them
          const read = readFormatCoords(span.format_coords);
          if ('problem' in read) {
            problems.push({
              instance: iid,
              problem: `span ${span.schema}:${span.name} [${span.start}, ${span.end}): ${read.problem}`,
            });
            continue;
          }
          coords = read.coords;
        }
        out.push({
          schema: span.schema,
          name: span.name,
          start: span.start,
          end: span.end,
          ...(span.id ? { id: span.id } : {}),
          ...(span.target_field ? { target_field: span.target_field } : {}),
          ...(coords ? { format_coords: coords } : {}),
        });
      }
      submission.span_annotations = out;
    }
    const links = j.instance_id_to_link_to_value[iid];
    if (links) submission.link_annotations = Object.values(links).map(withoutNulls);
    const events = j.instance_id_to_event_to_value[iid];
    if (events) submission.event_annotations = Object.values(events).map(withoutNulls);
    const seen = j.instance_id_to_behavioral_data[iid];
    const created = seconds(seen?.session_start) ?? savedAt;
    const answer: PotatoAnswer = {
      submission,
      at: { created_at: created, updated_at: seconds(seen?.session_end) ?? created },
    };
    const ms = Math.round(seen?.total_time_ms ?? 0);
    if (ms > 0) {
      const opened = seen?.navigation_history?.filter((n) => n.action === 'navigate_to').length ?? 0;
      answer.seen = { ms, visits: Math.max(1, opened) };
    }
    if (seen?.annotation_changes?.length)
      (answer.seen ??= { ms: 0, visits: 0 }).changes = seen.annotation_changes.map(answerChange);
    answers.push(answer);
  }
  // answers in the order of the list, so the records are written (and their events sent) as annotated
  const order = new Map(j.instance_id_ordering.map((iid, n) => [iid, n]));
  const place = (iid: string) => order.get(iid) ?? order.size;
  answers.sort((a, b) => place(a.submission.instance_id) - place(b.submission.instance_id));
  // an answered instance Potato did not list is added at the end, so the annotator can reach it
  const listed = new Set(list);
  for (const { submission } of answers) if (!listed.has(submission.instance_id)) list.push(submission.instance_id);
  return {
    state: { username: j.user_id, list, cursor, phase: j.current_phase_and_page?.[0], answers, unknownListed },
    problems,
  };
}
