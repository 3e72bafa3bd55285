/**
 * Potato's video mask propagation (`POST /api/track/propagate`): an object prompted by points on one frame is
 * followed through the frames after it by a tracking model (Potato runs SAM 2 on its server). This server runs no
 * tracking model and loads no video scheme, so a request that is well formed and names a video the project has is
 * answered as unavailable, saying why, rather than with masks nobody computed.
 */
import { notFound, unavailable } from '../errors.js';

/** A prompt point in the frame's own pixels; label 1 marks the object, 0 the background around it. */
type PromptPoint = readonly [x: number, y: number, label: 0 | 1];

export interface PropagationRequest {
  /** the video's path relative to the task's media folders */
  video: string;
  points: PromptPoint[];
  start_frame: number;
  frames: number;
  fps?: number;
  /** the scheme the track belongs to, when the caller names one */
  schema?: string;
}

export interface PropagationContext {
  /** whether the video is a file in the task's media folders; false for a path reaching outside them */
  hasVideo(path: string): boolean;
  hasScheme(name: string): boolean;
}

// A path outside the media folders gets the same answer as a missing file, so a caller cannot learn which paths
// exist on the server by asking.
const VIDEO_NOT_FOUND =
  "video: that video could not be found in the task's media folders (a video file: .mp4, .webm, .ogv or .mov)";

const TRACKING_UNAVAILABLE =
  'video tracking is not available on this server: propagating an object through a video needs a tracking model ' +
  "(Potato's SAM 2, installed there with `potato download-models sam2_video_tiny`), which Marginalia does not run, " +
  'and video annotation schemes are not loaded here (Marginalia annotates text); there is no setting that turns it on';

/** Checks what the request names, then answers that no tracker is here (never returns). */
export function propagate(request: PropagationRequest, context: PropagationContext): never {
  if (!context.hasVideo(request.video)) throw notFound(VIDEO_NOT_FOUND);
  if (request.schema !== undefined && !context.hasScheme(request.schema))
    throw notFound(`schema: there is no scheme named "${request.schema}"`);
  throw unavailable(TRACKING_UNAVAILABLE);
}
