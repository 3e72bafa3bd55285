/** Media named by items and layouts, served from the task's folder (never outside it). */
import type { Services } from '../../compose.js';
import { invalid, notFound } from '../../domain/errors.js';
import { MEDIA_TYPES, MediaPathError } from '../../io/media-files.js';
import { route, type RouteSpec } from '../route.js';

export function mediaRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/api/media/*path',
      summary: "A media file (image, audio, video) from the task's folder, by its path relative to it",
      access: 'user',
      responds: { types: [...new Set(Object.values(MEDIA_TYPES))] },
      handle({ params, ctx }) {
        const path = params.path ?? '';
        let file;
        try {
          file = s.media.open(path);
        } catch (e) {
          if (e instanceof MediaPathError) throw invalid(`path: ${e.message}`);
          throw e;
        }
        if (!file) throw notFound(`path: ${path} is not in the task folder`);
        ctx.type = file.type;
        ctx.length = file.size;
        ctx.set('Cache-Control', 'private, max-age=300');
        ctx.set('X-Content-Type-Options', 'nosniff');
        // a codebook page of the project is shown, never run: no scripts, no same-origin access
        if (file.type === 'text/html')
          ctx.set(
            'Content-Security-Policy',
            "sandbox; default-src 'none'; img-src 'self' data:; style-src 'unsafe-inline'",
          );
        ctx.body = file.stream;
        return undefined;
      },
    }),
  ];
}
