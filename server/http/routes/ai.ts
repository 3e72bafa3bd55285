/** The AI assistant (docs/ai.md) and its acceptance rate for admins. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { invalid } from '../../domain/errors.js';
import { route, type RouteSpec } from '../route.js';
import { answersScheme, outsideView, schemesFor } from '../../domain/schemes/cohort-views.js';

const instanceId = z.string().min(1).max(256);

const suggestionQuery = z.object({ instance_id: instanceId });

const suggestionResponse = z.lazy(() =>
  z.object({
    instance_id: z.string(),
    provider: z.string(),
    model: z.string(),
    suggestions: z.record(
      z.string(),
      z.object({
        label: z.string().nullable(),
        confidence: z.number().nullable(),
        rationale: z.string(),
        labels: z.array(z.string()).optional(),
        text: z
          .string()
          .optional()
          .describe(
            'types answered by one fixed value (triage, binary pairwise): the suggested value as its button reads',
          ),
        spans: z
          .array(z.object({ label: z.string(), start: z.number(), end: z.number(), text: z.string() }))
          .optional(),
      }),
    ),
  }),
);

const rate = z.number().nullable().describe('accepted / decided; null before any decision');
const acceptanceResponse = z.lazy(() =>
  z.object({
    enabled: z.boolean(),
    provider: z.string(),
    model: z.string(),
    shown: z.number().int().describe('suggestions shown'),
    decided: z.number().int().describe('shown suggestions whose instance was then annotated'),
    accepted: z.number().int().describe('decided ones whose final label matched the suggestion'),
    acceptance_rate: rate,
    by_schema: z.record(
      z.string(),
      z.object({ decided: z.number().int(), accepted: z.number().int(), acceptance_rate: rate }),
    ),
  }),
);

const assistantResponse = z.lazy(() =>
  z.object({
    instance_id: z.string(),
    schema: z.string(),
    provider: z.string(),
    model: z.string(),
    hint: z.string(),
    suggested_label: z.string().nullable(),
    suggested_labels: z.array(z.string()).optional(),
    confidence: z.number().nullable(),
    keywords: z.array(
      z.object({
        text: z.string(),
        start: z.number(),
        end: z.number(),
        label: z.string().nullable(),
        source: z.enum(['keyword_highlight', 'suggestion', 'evidence']),
      }),
    ),
  }),
);

export function aiRoutes(s: Services): RouteSpec[] {
  const suggestion = (path: string, summary: string) =>
    route({
      method: 'GET',
      path,
      summary,
      access: 'user',
      query: suggestionQuery,
      response: suggestionResponse,
      handle: ({ username, query }) => s.ai.suggestions(username, query.instance_id),
    });
  return [
    suggestion(
      '/get_ai_suggestion',
      'AI suggestions for every label, span, triage and binary pairwise scheme of an instance (never saved as annotations)',
    ),
    suggestion('/api/get_ai_suggestion', "Potato's spelling of /get_ai_suggestion"),
    route({
      method: 'GET',
      path: '/api/ai_assistant',
      summary: 'AI help for one scheme of an instance: a hint, the suggested label and the words to look at',
      access: 'user',
      query: z.lazy(() =>
        z.object({
          instance_id: instanceId.optional().describe("the caller's current instance when left out"),
          schema: z.string().min(1).max(256).optional(),
          annotationId: z.coerce
            .number()
            .int()
            .min(0)
            .optional()
            .describe(
              "Potato's page's spelling: the scheme's position among the caller's schemes (annotation_schemes, or their cohort's)",
            ),
        }),
      ),
      response: assistantResponse,
      async handle({ username, query }) {
        // positions count in the caller's own schemes, as their page lists them
        const own = schemesFor(s.task, username);
        const byPosition = query.annotationId === undefined ? undefined : own[query.annotationId];
        if (query.annotationId !== undefined && !byPosition) {
          throw invalid(`annotationId: no scheme at position ${query.annotationId} (there are ${own.length})`);
        }
        const scheme = query.schema ?? byPosition?.name;
        if (!scheme) throw invalid("schema: required (or annotationId, the scheme's position)");
        if (!answersScheme(s.task, username, scheme)) throw invalid(`schema: ${outsideView(s.task, username, scheme)}`);
        const instance = query.instance_id ?? (await s.annotations.current(username)).instance_id;
        return s.ai.assistant(username, instance, scheme);
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/ai_stats',
      summary: "How often annotators' final labels matched the AI suggestion they were shown",
      access: 'admin',
      response: acceptanceResponse,
      handle: () => s.ai.acceptance(),
    }),
  ];
}
