/** Database sources for admins: each one's polling state and counts (Potato's names), and a poll on demand. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { notFound } from '../../domain/errors.js';
import { route, type RouteSpec } from '../route.js';

const status = z.lazy(() =>
  z.object({
    source_id: z.string(),
    enabled: z.boolean().describe('live_ingestion is on: the source is polled'),
    is_running: z
      .boolean()
      .describe('polling goes on (false once stopped by max_consecutive_failures or stop_after_items)'),
    polls_total: z.number().int(),
    polls_failed: z.number().int(),
    rows_fetched: z.number().int().describe('rows read since the server started, the start-up read included'),
    items_added: z.number().int().describe('instances this source has added, over restarts'),
    duplicates_skipped: z.number().int().describe('rows whose id the project had already'),
    consecutive_failures: z.number().int(),
    last_error: z.string().nullable(),
    last_poll_at: z.string().nullable(),
    last_cursor: z.union([z.string(), z.number()]).nullable().describe('the stored cursor value, kept over restarts'),
  }),
);

export function dataSourceRoutes(s: Services): RouteSpec[] {
  const one = (id: string) => {
    const found = s.databaseSources.statusOf(id);
    if (!found) throw notFound(`source_id: no database source "${id}" (data_sources entries of type database)`);
    return found;
  };
  return [
    route({
      method: 'GET',
      path: '/admin/api/data_sources/live',
      summary: 'Database sources: polling state and counts of each',
      access: 'admin',
      response: z.lazy(() => z.object({ enabled: z.boolean(), sources: z.array(status) })),
      handle: () => {
        const sources = s.databaseSources.status();
        return { enabled: sources.some((x) => x.enabled), sources };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/api/data_sources/:source_id/live',
      summary: "One database source's polling state and counts",
      access: 'admin',
      response: status,
      handle: ({ params }) => one(params.source_id),
    }),
    route({
      method: 'POST',
      path: '/admin/api/data_sources/:source_id/live/poll',
      summary: 'Polls a live database source now; answers with its state after the poll',
      access: 'admin',
      response: status,
      handle: async ({ params }) => {
        one(params.source_id);
        const after = await s.databaseSources.pollNow(params.source_id);
        if (!after) throw notFound(`source_id: "${params.source_id}" has no live_ingestion: it is read at start only`);
        return after;
      },
    }),
  ];
}
