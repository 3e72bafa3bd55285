/**
 * The body each webhook event is sent with, for the OpenAPI description's `webhooks` section: the envelope and the
 * `data` of every event type. Typed by EventType, so a new event cannot be left out of the description.
 */
import { z, type ZodType } from 'zod';
import { EVENT_TYPES, type EventType } from '../domain/events.js';
import { ITEM_FLAGS } from '../domain/annotation/item-notes.js';
import { answersByScheme } from './answer-shapes.js';

const answers = answersByScheme().describe('scheme name → answer (a multiselect answer is an array of labels)');
const spans = z.lazy(() =>
  z.array(z.object({ schema: z.string(), name: z.string(), start: z.number().int(), end: z.number().int() }).loose()),
);
const annotation = z.lazy(() =>
  z.object({
    annotator_id: z.string(),
    instance_id: z.string(),
    annotation: answers,
    span_annotations: spans,
    submitted_at: z.string(),
  }),
);

const EVENT_DATA: Record<EventType, { summary: string; data: ZodType<unknown> }> = {
  'annotation.created': { summary: "An annotator's first non-empty answer on an instance", data: annotation },
  'annotation.updated': { summary: 'A changed answer (an identical resubmission fires nothing)', data: annotation },
  'item.fully_annotated': {
    summary: 'An instance reached its required number of annotators (once per instance)',
    data: z.object({
      instance_id: z.string(),
      annotator_count: z.number().int(),
      annotations: z.array(z.object({ annotator_id: z.string() }).catchall(z.unknown())),
    }),
  },
  'item.adjudicated': {
    summary: "An adjudicator's decision on an instance",
    data: z.object({
      instance_id: z.string(),
      adjudicator: z.string(),
      decided_at: z.string(),
      gold: answers,
      span_annotations: spans,
      source: z.string(),
      confidence: z.unknown(),
      notes: z.unknown(),
      error_taxonomy: z.unknown(),
      annotators: z.array(z.string()),
      agreement: z.unknown(),
    }),
  },
  'task.completed': {
    summary: 'Every instance is fully annotated (once)',
    data: z.object({
      task_name: z.string(),
      total_instances: z.number().int(),
      total_annotations: z.number().int(),
      completed_at: z.string(),
    }),
  },
  'user.phase_completed': {
    summary: 'An annotator completed a study phase',
    data: z.object({
      annotator_id: z.string(),
      phase: z.string(),
      next_phase: z.string().nullable(),
      completed_at: z.string(),
    }),
  },
  'quality.attention_check_failed': {
    summary: 'An annotator failed an attention check',
    data: z.object({
      annotator_id: z.string(),
      instance_id: z.string(),
      failures: z.number().int(),
      blocked: z.boolean(),
    }),
  },
  'item.flagged': {
    summary: 'An annotator added a flag to an item (editing the note or removing a flag fires nothing)',
    data: z.object({
      annotator_id: z.string(),
      instance_id: z.string(),
      flags: z.array(z.enum(ITEM_FLAGS)).describe('all the flags the annotator has on the item now'),
      added: z.array(z.enum(ITEM_FLAGS)).describe('the flags this change added'),
      note: z.string(),
      flagged_at: z.string(),
    }),
  },
  'webhook.test': {
    summary: 'Sent by POST /admin/api/webhooks/test',
    data: z.object({ endpoint: z.string(), message: z.string() }),
  },
};

/** The envelope every delivery's body is, with `data` as the event type's. */
export const envelopeSchema = (type: EventType) =>
  z.object({
    event_id: z.string().describe('evt_…; one event sent to two endpoints has one event_id'),
    event_type: z.literal(type),
    timestamp: z.string(),
    task_name: z.string(),
    data: EVENT_DATA[type].data,
  });

const header = (name: string, description: string, required = true) => ({
  name,
  in: 'header',
  required,
  description,
  schema: { type: 'string' },
});

/** OpenAPI 3.1 `webhooks`: what each event type POSTs to a subscribed endpoint. */
export function webhookDescriptions(
  jsonSchema: (schema: ZodType<unknown>) => Record<string, unknown>,
): Record<string, unknown> {
  return Object.fromEntries(
    EVENT_TYPES.map((type) => [
      type,
      {
        post: {
          summary: EVENT_DATA[type].summary,
          description: 'At least once: de-duplicate on webhook-id. See docs/webhooks.md for signing and retries.',
          parameters: [
            header('webhook-id', 'one per delivery, the same on every attempt'),
            header('webhook-timestamp', 'Unix seconds of the attempt'),
            header(
              'webhook-signature',
              'v1,<HMAC-SHA256 of "<id>.<timestamp>.<raw body>">; only when the endpoint has a secret',
              false,
            ),
          ],
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(envelopeSchema(type)) } },
          },
          responses: {
            '2XX': { description: 'delivered; any other answer is a failed attempt, retried on the schedule' },
          },
        },
      },
    ]),
  );
}
