/**
 * Everything the annotate screen shows of one instance, built in one place so a step can hand the client the
 * instance it moves to and the one after it (to keep ready) without further requests.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import type { Instance } from '../../domain/task.js';
import type { CurrentInstance } from '../../domain/annotation/annotation-service.js';
import { spanPayload } from '../../domain/annotation/payloads.js';
import { isAnnotated } from '../../domain/annotation/records.js';
import { findKeywords } from '../../domain/annotation/keywords.js';
import { structureKind, structurePayload } from '../../domain/annotation/structures.js';
import { noteOf } from './item-notes.js';
import { ANNOTATIONS_NOTE } from '../answer-shapes.js';
import { eventAnnotation, linkAnnotation } from './structures.js';
import { storedFormatCoords } from '../../domain/annotation/span-fields.js';

/** The caller's stored answers to an instance in the shape /updateinstance takes (GET /get_annotations). */
export function storedAnswers(s: Services, username: string, instance: Instance) {
  const record = s.annotations.get(username, instance.id);
  const annotations: Record<string, string> = {};
  for (const [name, labels] of Object.entries(record?.labels ?? {})) {
    const scheme = s.task.schemeByName.get(name);
    // links and events have their own lists below, in the shape /updateinstance takes them
    if (scheme && structureKind(scheme)) continue;
    for (const [label, value] of Object.entries(labels)) annotations[`${name}:${label}`] = value;
  }
  const out: z.infer<typeof storedAnswersShape> = {
    instance_id: instance.id,
    annotations,
    span_annotations: record
      ? spanPayload(record).map((span) => ({
          ...span,
          text: spanText(s, instance, span.target_field).slice(span.start, span.end),
        }))
      : [],
    updated_at: record?.updated_at ?? null,
  };
  if (s.task.schemes.some((x) => structureKind(x) !== undefined)) {
    out.link_annotations = structurePayload(s.task, record, 'links') as z.infer<typeof linkAnnotation>[];
    out.event_annotations = structurePayload(s.task, record, 'events') as z.infer<typeof eventAnnotation>[];
  }
  return out;
}

/** The text a stored span's offsets index: its field's (empty when the item no longer holds it), else the text. */
function spanText(s: Services, instance: Instance, field: string | undefined): string {
  if (field === undefined) return instance.text;
  return s.task.spanFields?.get(field)?.(instance) ?? '';
}

export const storedAnswersShape = z.object({
  instance_id: z.string(),
  annotations: z.record(z.string(), z.string()).describe(ANNOTATIONS_NOTE),
  span_annotations: z.array(
    z.object({
      id: z.string().optional(),
      schema: z.string(),
      name: z.string(),
      start: z.number().int(),
      end: z.number().int(),
      value: z.string().optional(),
      target_field: z
        .string()
        .optional()
        .describe('the span target field the offsets index; absent for the text field'),
      format_coords: storedFormatCoords.optional(),
      text: z.string(),
    }),
  ),
  updated_at: z.string().nullable(),
  link_annotations: z
    .array(linkAnnotation)
    .optional()
    .describe('in a task with link or event schemes: links between spans (span_link, coreference)'),
  event_annotations: z
    .array(eventAnnotation)
    .optional()
    .describe('in a task with link or event schemes: events over spans (event_annotation)'),
});

/**
 * The view of `current` (as /api/current_instance answers it, built by `answer`), or of the instance one place
 * after it when `id` is given.
 */
export function viewOf<A extends CurrentInstance>(
  s: Services,
  username: string,
  answer: (username: string, r: CurrentInstance) => A,
  current: CurrentInstance,
  id?: string,
) {
  const instance = s.task.instanceById.get(id ?? current.instance_id)!;
  const record: CurrentInstance =
    id === undefined
      ? current
      : {
          ...current,
          instance_id: instance.id,
          current_index: current.current_index + 1,
          text: instance.text,
          data: instance.data,
          annotated: isAnnotated(s.annotations.get(username, instance.id)),
        };
  return {
    ...answer(username, record),
    stored: storedAnswers(s, username, instance),
    keywords: findKeywords(s.task, s.keywordRules, instance.text),
    predictions: s.predictions.of(instance.id),
    note: noteOf(s, username, instance.id),
  };
}
