/**
 * ICL labelling under Potato's paths: admins read the status, the agreed examples, the model's labels and its
 * verified accuracy, and start a batch; an annotator (or a script) records a human label for a model-labelled item.
 * The reads answer while it is off (enabled false, nothing kept), since they describe a state; writes are a 503.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { accuracyOf, VERIFICATION_STATUSES } from '../../domain/icl/icl-predictions.js';
import { route, type RouteSpec } from '../route.js';

const name = z.string().min(1).max(256);

const example = z.lazy(() =>
  z.object({
    instance_id: z.string(),
    text: z.string(),
    label: z.string(),
    agreement: z.number(),
    annotators: z.number().int(),
  }),
);

const prediction = z.object({
  instance_id: z.string(),
  schema_name: z.string(),
  predicted_label: z.string(),
  confidence: z.number().nullable(),
  reasoning: z.string(),
  model_name: z.string(),
  examples_used: z.array(z.string()),
  accepted: z.boolean().describe('confidence at or above llm_labeling.confidence_threshold'),
  selected_for_verification: z.boolean(),
  verification: z.object({ human_label: z.string(), by: z.string(), at: z.string(), correct: z.boolean() }).nullable(),
  created_at: z.string(),
  status: z.enum(VERIFICATION_STATUSES),
});

const accuracy = z.object({
  total_predictions: z.number().int(),
  verified_correct: z.number().int(),
  verified_incorrect: z.number().int(),
  pending_verification: z.number().int(),
  total_verified: z.number().int(),
  accuracy: z.number().nullable(),
});

export function iclRoutes(s: Services): RouteSpec[] {
  const withStatus = (schema?: string, status?: (typeof VERIFICATION_STATUSES)[number]) =>
    s.icl.enabled ? s.icl.predictions(schema, status).map((p) => ({ ...p, status: s.icl.statusOf(p) })) : [];
  return [
    route({
      method: 'GET',
      path: '/admin/api/icl/status',
      summary:
        'ICL labelling: on or off, the model, examples per scheme, labels made, the verification queue, accuracy and limits',
      access: 'admin',
      response: z.lazy(() => z.looseObject({ enabled: z.boolean(), accuracy_metrics: accuracy })),
      handle: () => s.icl.status(),
    }),
    route({
      method: 'GET',
      path: '/admin/api/icl/examples',
      summary: "The items whose annotators agree, used as the model's examples, per scheme (of one with ?schema=)",
      access: 'admin',
      query: z.object({ schema: name.optional() }),
      response: z.lazy(() =>
        z.object({
          enabled: z.boolean(),
          schema: z.string().optional(),
          examples: z.record(z.string(), z.array(example)),
        }),
      ),
      handle({ query }) {
        const schemes = query.schema ? [s.icl.scheme(query.schema, 'schema')] : s.icl.schemes();
        const examples = s.icl.enabled ? Object.fromEntries(schemes.map((sc) => [sc.name, s.icl.examples(sc)])) : {};
        return { enabled: s.icl.enabled, ...(query.schema ? { schema: query.schema } : {}), examples };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/icl/predictions',
      summary: "The model's labels in task order, of one scheme and one verification status when asked",
      access: 'admin',
      query: z.lazy(() => z.object({ schema: name.optional(), status: z.enum(VERIFICATION_STATUSES).optional() })),
      response: z.lazy(() =>
        z.object({ enabled: z.boolean(), total: z.number().int(), predictions: z.array(prediction) }),
      ),
      handle({ query }) {
        if (query.schema) s.icl.scheme(query.schema, 'schema');
        const predictions = withStatus(query.schema, query.status);
        return { enabled: s.icl.enabled, total: predictions.length, predictions };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/icl/accuracy',
      summary: "The model's accuracy against the humans' blind answers, of all its labels or one scheme's",
      access: 'admin',
      query: z.object({ schema: name.optional() }),
      response: accuracy.extend({ schema_name: z.string().optional() }),
      handle({ query }) {
        if (query.schema) s.icl.scheme(query.schema, 'schema');
        const a = s.icl.enabled ? s.icl.accuracy(query.schema) : accuracyOf([]);
        return { ...a, ...(query.schema ? { schema_name: query.schema } : {}) };
      },
    }),
    route({
      method: 'POST',
      path: '/admin/api/icl/trigger',
      summary:
        "Labels the scheme's next batch of unanswered items with the model (200 with a message while it waits for examples or is paused; 503 without a model; 502/504 when the model fails before labelling any)",
      access: 'admin',
      body: z.object({ schema_name: name }),
      response: z.lazy(() =>
        z.object({
          schema_name: z.string(),
          message: z.string(),
          predictions_count: z.number().int(),
          predictions: z.array(prediction.omit({ status: true })),
          error: z.string().optional(),
        }),
      ),
      handle: ({ body }) => s.icl.trigger(body.schema_name),
    }),
    route({
      method: 'POST',
      path: '/api/icl/record_verification',
      summary: "Records a human label for a model-labelled item (an annotator's saved answer does this by itself)",
      access: 'user',
      body: z.object({ instance_id: name, schema_name: name, human_label: name }),
      response: z.lazy(() =>
        z.object({
          success: z.literal(true),
          status: z.enum(VERIFICATION_STATUSES),
          prediction: prediction.omit({ status: true }),
        }),
      ),
      handle: ({ username, body }) =>
        s.icl.recordVerification(username, body.instance_id, body.schema_name, body.human_label),
    }),
  ];
}
