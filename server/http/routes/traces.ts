/**
 * Potato's trace webhook: agent traces pushed by scripts, LangChain's callback and Potato's tracing SDK become
 * items (POST /api/traces/webhook, /api/traces/langsmith; OpenTelemetry exports at /api/traces/otel, an item per
 * trace id), and the ingestion counters for a signed-in user (GET /api/traces/status). The sender authenticates
 * with trace_ingestion.api_key; a project that does not turn the feature on answers 503 naming the key (the path
 * exists; the owner has not switched it on), as other switched-off features do. A retry of a trace already stored
 * answers 200 with `duplicate: true` and adds nothing.
 */
import { z } from 'zod';
import type { Context } from 'koa';
import type { Services } from '../../compose.js';
import { invalid, unavailable } from '../../domain/errors.js';
import { jsonBodyForm } from '../json-body.js';
import { route, parseInput, type RouteSpec } from '../route.js';
import { requireSharedSecret } from '../guards.js';
import { TRACES_OFF, type TraceIngestion } from '../../domain/traces/trace-ingestion.js';
import {
  detectFormat,
  normalizeGeneric,
  normalizeLangSmith,
  type NormalizedTrace,
  type TraceFormat,
} from '../../domain/traces/trace-formats.js';
import { genericTrace, langSmithPayload, otlpExport, traceBody, traceObject } from './trace-shapes.js';
import { normalizeOtlp } from '../../domain/traces/otel-spans.js';

const formatQuery = z.lazy(() =>
  z.object({
    format: z
      .enum(['auto', 'generic', 'langsmith'], {
        error: 'the formats are auto, generic and langsmith (OpenTelemetry exports go to POST /api/traces/otel)',
      })
      .optional(),
  }),
);

const accepted = z.lazy(() =>
  z.object({
    status: z.literal('accepted'),
    trace_id: z.string().describe("the item's id: webhook_<id> or langsmith_<root run id>"),
    steps: z.number().int(),
    duplicate: z.boolean().describe('the project already had this trace: nothing was added'),
  }),
);

const otelAccepted = z.lazy(() =>
  z.object({
    status: z.literal('accepted'),
    ingested: z.number().int().describe('traces added as new items'),
    duplicates: z.number().int().describe('traces the project already had (nothing added)'),
    trace_ids: z.array(z.string()).describe('otel_<traceId> of every trace in the export'),
  }),
);

const status = z.lazy(() =>
  z.object({
    enabled: z.boolean(),
    stats: z.object({
      received: z.number().int(),
      processed: z.number().int().describe('ingested traces the project holds'),
      errors: z.number().int(),
      last_received: z.number().nullable(),
    }),
    sse_clients: z.number().int(),
  }),
);

/**
 * The switch and the key, checked before the body is looked at; then a body not sent as JSON is refused, where it
 * would otherwise read as an empty trace and become an item.
 */
function admit(traces: TraceIngestion, ctx: Context): void {
  if (!traces.settings.enabled) throw unavailable(TRACES_OFF);
  requireSharedSecret(ctx, traces.settings.apiKey, 'trace_ingestion.api_key');
  if (!jsonBodyForm(ctx.req)) throw invalid('body: send the trace as JSON (Content-Type: application/json)');
}

function normalize(traces: TraceIngestion, body: Record<string, unknown>, format: TraceFormat): NormalizedTrace {
  traces.received();
  try {
    return format === 'langsmith'
      ? normalizeLangSmith(parseInput(langSmithPayload, 'runs' in body ? body : { runs: [body] }, 'body'), traces.now())
      : normalizeGeneric(parseInput(genericTrace, body, 'body'), traces.now());
  } catch (e) {
    traces.refused();
    throw e;
  }
}

export function traceRoutes(s: Services): RouteSpec[] {
  const ingest = async (body: Record<string, unknown>, format: TraceFormat) => {
    const result = await s.traces.ingest(normalize(s.traces, body, format));
    return { status: 'accepted' as const, ...result };
  };
  return [
    route({
      method: 'POST',
      path: '/api/traces/webhook',
      summary: "Adds an agent trace as an item (Potato's generic format, or LangSmith runs); idempotent on its id",
      access: 'public',
      body: traceBody,
      parseBody: (value) => value as z.infer<typeof traceBody>,
      query: formatQuery,
      response: accepted,
      handle: ({ ctx, body, query }) => {
        admit(s.traces, ctx);
        const trace = traceObject(body);
        const format = !query.format || query.format === 'auto' ? detectFormat(trace) : query.format;
        return ingest(trace, format);
      },
    }),
    route({
      method: 'POST',
      path: '/api/traces/langsmith',
      summary: 'Adds a LangSmith run tree ({runs: [...]} or one run) as an item; idempotent on the root run id',
      access: 'public',
      body: traceBody,
      parseBody: (value) => value as z.infer<typeof traceBody>,
      response: accepted,
      handle: ({ ctx, body }) => {
        admit(s.traces, ctx);
        return ingest(traceObject(body), 'langsmith');
      },
    }),
    route({
      method: 'POST',
      path: '/api/traces/otel',
      summary: 'Adds each trace of an OTLP JSON span export (GenAI / OpenInference attributes) as an item',
      access: 'public',
      body: otlpExport,
      parseBody: (value) => value as z.infer<typeof otlpExport>,
      response: otelAccepted,
      handle: async ({ ctx, body }) => {
        admit(s.traces, ctx);
        s.traces.received();
        let traces: NormalizedTrace[];
        try {
          traces = normalizeOtlp(parseInput(otlpExport, body, 'body'), s.traces.now());
        } catch (e) {
          s.traces.refused();
          throw e;
        }
        const results = [];
        // one trace at a time, each durable before the next: a batch cut short by a crash keeps what was stored
        for (const trace of traces) results.push(await s.traces.ingest(trace));
        return {
          status: 'accepted' as const,
          ingested: results.filter((r) => !r.duplicate).length,
          duplicates: results.filter((r) => r.duplicate).length,
          trace_ids: results.map((r) => r.trace_id),
        };
      },
    }),
    route({
      method: 'GET',
      path: '/api/traces/status',
      summary: "Trace ingestion's counters since this process started (processed: the ingested items stored)",
      access: 'user',
      response: status,
      handle: () => {
        if (!s.traces.settings.enabled) throw unavailable(TRACES_OFF);
        return { enabled: true, stats: s.traces.stats(), sse_clients: 0 };
      },
    }),
  ];
}
