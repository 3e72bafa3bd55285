/**
 * Potato's dataset publishing at its paths (`/admin/publish/api/...`), for admins: the defaults the config
 * gives, a preview of the card, the archive job and its download. Publishing is always on, as in Potato.
 */
import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { z } from 'zod';
import type { Services } from '../../services.js';
import { invalid, notFound } from '../../domain/errors.js';
import { metadataSchema, publishOptionsSchema } from '../../domain/publish/settings.js';
import { route, type RouteSpec } from '../route.js';
import { download } from '../download.js';

const request = {
  target: z
    .string()
    .max(100)
    .default('archive')
    .describe('archive (Hugging Face and Zenodo uploads are not made here)'),
  options: z.record(z.string(), z.unknown()).default({}),
  metadata: metadataSchema.default({}),
};

const status = z.lazy(() =>
  z.object({
    state: z.enum(['idle', 'running', 'success', 'error']),
    step: z.string(),
    target: z.string(),
    result: z
      .object({ archive_name: z.string(), download_url: z.string(), splits: z.record(z.string(), z.number().int()) })
      .nullable(),
    warnings: z.array(z.string()),
    errors: z.array(z.string()),
  }),
);

export function publishRoutes(s: Services): RouteSpec[] {
  /** The config's options under the request's, checked whole: a refusal names options.<key>. */
  const optionsOf = (given: Record<string, unknown>) => {
    const parsed = publishOptionsSchema.safeParse({ ...s.publish.settings.options, ...given });
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    throw invalid(`${['options', ...issue.path].join('.')}: ${issue.message}`);
  };
  return [
    route({
      method: 'GET',
      path: '/admin/publish/api/defaults',
      summary: "The publish form's defaults: the config's dataset_metadata and publish.options",
      access: 'admin',
      response: z.lazy(() =>
        z.object({
          default_target: z.string(),
          targets: z.array(z.string()),
          options: z.record(z.string(), z.unknown()),
          metadata: z.record(z.string(), z.unknown()),
        }),
      ),
      handle: () => s.publish.defaults(),
    }),
    route({
      method: 'POST',
      path: '/admin/publish/api/preview',
      summary: "The dataset card (README.md) and each split's rows, as the archive would hold them; nothing is written",
      access: 'admin',
      body: z.object(request),
      response: z.lazy(() =>
        z.object({
          card_markdown: z.string(),
          splits: z.record(z.string(), z.number().int()),
          warnings: z.array(z.string()),
        }),
      ),
      handle: ({ body }) => s.publish.preview(body.target, optionsOf(body.options), body.metadata),
    }),
    route({
      method: 'POST',
      path: '/admin/publish/api/start',
      summary: 'Starts building the archive in the background (202); poll the status. 409 while a job runs',
      access: 'admin',
      body: z.lazy(() =>
        z.object({
          ...request,
          credentials: z
            .record(z.string(), z.unknown())
            .optional()
            .describe('for uploads, which are not made here; not read'),
        }),
      ),
      response: z.lazy(() => z.object({ started: z.boolean() })),
      responds: { status: 202 },
      handle({ body }) {
        s.publish.start(body.target, optionsOf(body.options), body.metadata);
        return { started: true };
      },
    }),
    route({
      method: 'GET',
      path: '/admin/publish/api/status',
      summary: "The publish job's state (idle, running, success, error), its step and, when done, the download",
      access: 'admin',
      response: status,
      handle: () => s.publish.status(),
    }),
    route({
      method: 'GET',
      path: '/admin/publish/api/download',
      summary: 'The last archive built, as a zip; 404 before one was built since the server started',
      access: 'admin',
      responds: { types: ['application/zip'] },
      async handle({ ctx }) {
        const path = s.publish.lastArchive();
        const size = path
          ? await stat(path).then(
              (st) => st.size,
              () => null,
            )
          : null;
        if (!path || size === null)
          throw notFound('no archive has been built yet: POST /admin/publish/api/start builds one');
        ctx.length = size;
        return download(ctx, 'application/zip', path.split(/[\\/]/).pop() ?? 'dataset.zip', createReadStream(path));
      },
    }),
  ];
}
