/** The annotator's progress page's figures, at Potato's path: project counts and the caller's own, read only. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';

const percentage = z.number().min(0).describe('a percentage with one decimal');

export function annotatorDashboardRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/progress/api/summary',
      summary:
        "The annotator's progress page: the project's counts (and, with show_active_annotators, how many annotators are annotating, never who) and the caller's own; 404 unless annotator_dashboard is on",
      access: 'user',
      response: z.lazy(() =>
        z.object({
          project: z
            .object({
              total_items: z.number().int(),
              items_with_annotations: z.number().int().describe('instances with at least one annotation'),
              completion_percentage: percentage.describe('items_with_annotations of total_items'),
              total_annotations: z.number().int(),
              active_annotators: z
                .number()
                .int()
                .optional()
                .describe('annotators in the annotation phase, a count only; with show_active_annotators'),
            })
            .optional()
            .describe('absent with show_project_progress: false'),
          personal: z
            .object({
              annotated: z.number().int(),
              assigned: z
                .number()
                .int()
                .describe('what the caller is expected to annotate, as their annotate screen counts'),
              completion_percentage: percentage,
            })
            .optional()
            .describe('absent with show_personal_progress: false'),
        }),
      ),
      handle({ username, ctx }) {
        ctx.set('Cache-Control', 'no-store');
        return s.annotatorDashboard.summary(username);
      },
    }),
  ];
}
