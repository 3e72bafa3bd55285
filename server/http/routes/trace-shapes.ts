/**
 * The shapes of the trace webhook's bodies, checked before a trace is converted: refusals name the field (`steps[2]:
 * expected object`). Step contents beyond these fields are the sender's and are kept as they come.
 */
import { z } from 'zod';
import { invalid } from '../../domain/errors.js';

// the item's id is the trace's with a prefix: an id the importer would refuse is refused here, by name
// eslint-disable-next-line no-control-regex -- control characters are what it looks for
const printable = z.string().regex(/^[^\u0000-\u001f]*$/, 'no control characters');
const traceId = z.union([printable.min(1).max(200), z.number().int()]);
const MAX_STEPS = 10_000;

export const genericTrace = z.lazy(() =>
  z
    .looseObject({
      id: traceId.optional(),
      task_description: z.string().max(100_000).optional(),
      task: z.string().max(100_000).optional(),
      description: z.string().max(100_000).optional(),
      site: z.string().max(10_000).optional(),
      url: z.string().max(10_000).optional(),
      steps: z
        .array(z.looseObject({ action_type: z.string().optional(), type: z.string().optional() }))
        .max(MAX_STEPS)
        .optional(),
      trace: z.array(z.unknown()).max(MAX_STEPS).optional(),
    })
    .refine((t) => t.steps?.length || t.trace?.length || t.task_description || t.task || t.description, {
      path: ['steps'],
      message: 'a trace needs steps, a trace list of {speaker, text} steps or a task_description',
    }),
);

const record = z
  .record(z.string(), z.unknown())
  .nullable()
  .optional()
  .transform((v) => v ?? undefined);

const run = z.looseObject({
  id: traceId.optional(),
  name: z.string().max(10_000).optional(),
  run_type: z.string().max(100).optional(),
  inputs: record,
  outputs: record,
  project_name: z.string().max(1000).optional(),
});

export const langSmithPayload = z.lazy(() =>
  z.looseObject({
    runs: z.array(run).min(1, 'a LangSmith payload needs at least one run').max(MAX_STEPS),
    project_name: z.string().max(1000).optional(),
  }),
);

/** What the OpenAPI description shows: either format, one JSON object. */
export const traceBody = z.lazy(() => z.union([genericTrace, langSmithPayload, run]));

/**
 * The body as one JSON object, checked only after the sender's key (an unauthenticated caller learns nothing about
 * shapes); an OpenTelemetry export sent here is named and pointed to its own path.
 */
export function traceObject(value: unknown): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value))
    throw invalid('body: a trace is one JSON object (send a batch of traces as separate requests)');
  if ('resourceSpans' in value) throw invalid('resourceSpans: OpenTelemetry exports go to POST /api/traces/otel');
  return value as Record<string, unknown>;
}

const nanos = z.union([z.string().max(30), z.number()]);
const attrValue = z.looseObject({
  stringValue: z.string().max(1_000_000).optional(),
  intValue: z.union([z.string().max(30), z.number()]).optional(),
  doubleValue: z.number().optional(),
  boolValue: z.boolean().optional(),
});

/** An OTLP JSON span export: the fields the conversion reads are checked, the rest kept as sent. */
export const otlpExport = z.lazy(() =>
  z.looseObject({
    resourceSpans: z
      .array(
        z.looseObject({
          scopeSpans: z
            .array(
              z.looseObject({
                spans: z
                  .array(
                    z.looseObject({
                      traceId: printable.max(200).optional(),
                      spanId: z.string().max(200).optional(),
                      parentSpanId: z.string().max(200).optional(),
                      name: z.string().max(10_000).optional(),
                      startTimeUnixNano: nanos.optional(),
                      endTimeUnixNano: nanos.optional(),
                      attributes: z
                        .array(
                          z.looseObject({
                            key: z.string().max(1000),
                            value: attrValue
                              .extend({
                                arrayValue: z
                                  .looseObject({ values: z.array(attrValue).max(10_000).optional() })
                                  .optional(),
                              })
                              .optional(),
                          }),
                        )
                        .max(10_000)
                        .optional(),
                      status: z.looseObject({ code: z.number().int().optional() }).optional(),
                    }),
                  )
                  .max(MAX_STEPS)
                  .optional(),
              }),
            )
            .max(1000)
            .optional(),
        }),
      )
      .max(1000, 'at most 1000 resourceSpans in one export'),
  }),
);
