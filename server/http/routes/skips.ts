/** Skipping an instance (allow_skip), and the skips as an admin reads them: kept apart from the answers. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';

const skipRecord = z.lazy(() =>
  z.object({
    instance_id: z.string(),
    annotator: z.string(),
    reason: z.string().describe('empty when no reason was given'),
    skipped_at: z.string(),
  }),
);

export function skipRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'POST',
      path: '/api/skip',
      summary:
        'Skip an instance (allow_skip; a reason is needed when skip_reason_required); answering it later takes the skip back',
      access: 'user',
      body: z.lazy(() =>
        z.object({ instance_id: z.string().min(1).max(256), reason: z.string().max(2000).optional() }),
      ),
      response: z.lazy(() =>
        z.object({ status: z.literal('success'), skip: skipRecord, skipped_count: z.number().int() }),
      ),
      async handle({ username, body }) {
        const skip = await s.skips.skip(username, body.instance_id, body.reason);
        return {
          status: 'success' as const,
          skip: {
            instance_id: skip.instance_id,
            annotator: skip.username,
            reason: skip.reason,
            skipped_at: skip.skipped_at,
          },
          skipped_count: s.skips.countOf(username),
        };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/skips',
      summary: 'Every skip (annotator, instance, reason, time), in task order; skips are not in the annotation exports',
      access: 'admin',
      response: z.lazy(() => z.object({ count: z.number().int(), skips: z.array(skipRecord) })),
      handle: () => {
        const skips = s.skips.all().map((k) => ({
          instance_id: k.instance_id,
          annotator: k.username,
          reason: k.reason,
          skipped_at: k.skipped_at,
        }));
        return { count: skips.length, skips };
      },
    }),
  ];
}
