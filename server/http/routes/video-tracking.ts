/**
 * Potato's `POST /api/track/propagate` (a video object followed from prompt points on one frame): checked as
 * Potato checks it, 401 without a session, 400 naming `points` or `video`, 404 for a video that is not in the task's
 * media folders (a path reaching outside them included), then 503 saying that no tracking model runs here.
 */
import { z } from 'zod';
import type { Services } from '../../services.js';
import { propagate } from '../../domain/video-tracking/propagation.js';
import { MediaPathError } from '../../io/media-files.js';
import { route, type RouteSpec } from '../route.js';

const coordinate = z.number({ error: 'must be a number of pixels' }).finite().min(0, 'must not be negative');
const label = z.union([z.literal(0), z.literal(1)], { error: 'the label must be 1 (the object) or 0 (background)' });
const point = z
  .tuple([coordinate, coordinate, label.optional()], { error: 'each point is [x, y] or [x, y, label]' })
  .transform(([x, y, l]) => [x, y, l ?? 1] as const);
const frameCount = (what: string) =>
  z.number().int(`${what} must be a whole number`).min(0, `${what} must not be negative`);

const body = z.object({
  points: z
    .array(point, { error: 'required: [[x, y, label], ...], the prompt points on the start frame' })
    .min(1, 'required: at least one [x, y, label] point on the object')
    .max(64),
  video: z.string({ error: "required: the video's path in the task's media folders" }).min(1, 'required').max(1024),
  start_frame: frameCount('start_frame').default(0),
  frames: frameCount('frames').min(1, 'frames must be at least 1').max(100_000).default(30),
  fps: z.number().positive('fps must be above 0').finite().optional(),
  schema: z.string().min(1).max(256).optional(),
});

const isVideo = (s: Services, path: string) => {
  try {
    return s.media.locate(path)?.type.startsWith('video/') ?? false;
  } catch (e) {
    if (e instanceof MediaPathError) return false;
    throw e;
  }
};

export function videoTrackingRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'POST',
      path: '/api/track/propagate',
      summary:
        "Potato's video mask propagation from prompt points on one frame; checked, then 503: no tracking model runs on this server",
      access: 'user',
      body,
      // no success body: with no tracking model here every well-formed request ends in a 503
      response: z.never(),
      handle: ({ body }) =>
        propagate(body, {
          hasVideo: (path) => isVideo(s, path),
          hasScheme: (name) => s.task.schemeByName.has(name),
        }),
    }),
  ];
}
