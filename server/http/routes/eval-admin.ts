/**
 * Potato's eval-admin API (`/admin/eval/...`), where datasets.enabled is on: the suite at a glance, each
 * instance's state, the ingested traces and their figures, and the pause on handing out new work.
 */
import { z } from 'zod';
import type { Services } from '../../services.js';
import { invalid } from '../../domain/errors.js';
import { route, type RouteSpec } from '../route.js';
import { enabled } from './dataset-shapes.js';
import { sendReport } from '../report-page.js';
import { analyticsPage } from '../analytics-page.js';

const counts = z.lazy(() =>
  z.object({
    total: z.number().int(),
    annotated: z.number().int(),
    multi_annotated: z.number().int(),
    remaining: z.number().int().describe('items with fewer annotators than each needs'),
    ingested: z.number().int(),
  }),
);

const perModel = z.lazy(() =>
  z.object({
    count: z.number().int(),
    total_tokens: z.number(),
    cost: z.number(),
    errors: z.number().int(),
    avg_latency_ms: z.number().nullable(),
  }),
);

export function evalAdminRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/admin/eval/status',
      summary:
        'The eval suite at a glance: datasets, experiments, annotation progress, ingested traces, whether hand-outs are paused',
      access: 'admin',
      response: z.lazy(() =>
        z.object({
          storage: z.string().describe('where the records are kept: data folder or database'),
          assignment_paused: z.boolean(),
          users: z.number().int(),
          datasets: z.object({ count: z.number().int(), total_examples: z.number().int() }),
          experiments: z.object({
            count: z.number().int(),
            latest: z
              .object({ id: z.string(), name: z.string(), aggregate_scores: z.record(z.string(), z.number()) })
              .nullable(),
          }),
          instances: counts,
        }),
      ),
      handle() {
        enabled(s);
        return s.evalOverview.status();
      },
    }),
    route({
      method: 'GET',
      path: '/admin/eval/progress',
      summary: 'Each instance (the first 1000): its source, annotators, whether it has enough, its triage priority',
      access: 'admin',
      response: z.lazy(() =>
        z.object({
          instances: z.array(
            z.object({
              instance_id: z.string(),
              source: z.string(),
              ingested: z.boolean(),
              num_annotators: z.number().int(),
              saturated: z.boolean(),
              triage_priority: z.unknown(),
            }),
          ),
          truncated: z.boolean(),
          cap: z.number().int(),
        }),
      ),
      handle() {
        enabled(s);
        return s.evalOverview.progress();
      },
    }),
    route({
      method: 'GET',
      path: '/admin/eval/ingested_traces',
      summary: 'The runtime-ingested traces (webhook, LangSmith, Langfuse items) with counts by source',
      access: 'admin',
      response: z.lazy(() =>
        z.object({
          total: z.number().int(),
          by_source: z.record(z.string(), z.number().int()),
          traces: z.array(z.object({ instance_id: z.string(), source: z.string(), num_annotators: z.number().int() })),
        }),
      ),
      handle() {
        enabled(s);
        return s.evalOverview.ingestedTraces();
      },
    }),
    route({
      method: 'GET',
      path: '/admin/eval/analytics',
      summary:
        "The ingested traces' tokens, cost, latency and errors, per model and overall; with recent=N, alerts where the last N regressed against those before",
      access: 'admin',
      query: z.lazy(() =>
        z.object({
          recent: z.coerce.number().int().min(0).max(1_000_000).default(0),
          format: z.enum(['json', 'html'], { message: 'must be json or html' }).default('json'),
        }),
      ),
      response: z.lazy(() =>
        z.object({
          analytics: z.object({
            count: z.number().int(),
            total_tokens: z.number(),
            total_cost: z.number().nullable(),
            errors: z.number().int(),
            error_rate: z.number(),
            avg_latency_ms: z.number().nullable(),
            p50_latency_ms: z.number().nullable(),
            p95_latency_ms: z.number().nullable(),
            per_model: z.record(z.string(), perModel),
          }),
          alerts: z.array(
            z.object({
              metric: z.string(),
              severity: z.enum(['medium', 'high']),
              baseline: z.number(),
              recent: z.number(),
              message: z.string(),
            }),
          ),
          trace_count: z.number().int(),
        }),
      ),
      responds: { types: ['text/html'] },
      handle({ query, ctx }) {
        enabled(s);
        const read = s.evalOverview.analytics(query.recent);
        if (query.format === 'html')
          return sendReport(ctx, analyticsPage(read.analytics, read.alerts, query.recent, s.config.uiLanguage));
        return read;
      },
    }),
    route({
      method: 'POST',
      path: '/admin/eval/assignment',
      summary:
        'Pauses or resumes handing out new work (action pause or resume): while paused no list is made or grown, and what annotators hold stays theirs',
      access: 'admin',
      body: z.lazy(() => z.object({ action: z.string({ message: 'give the action: pause or resume' }).max(20) })),
      response: z.lazy(() => z.object({ assignment_paused: z.boolean() })),
      async handle({ body, username }) {
        enabled(s);
        const action = body.action.toLowerCase();
        if (action !== 'pause' && action !== 'resume') throw invalid('action: must be pause or resume');
        return { assignment_paused: await s.assignmentPause.set(action === 'pause', username || 'admin key') };
      },
    }),
  ];
}
