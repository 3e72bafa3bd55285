/**
 * Potato's video mask propagation at `POST /api/track/propagate`, over real HTTP with real files: a session is
 * needed, `points` and `video` are checked and named, a video outside the task's media folders (by `..`, an absolute
 * path or a symlink) is refused exactly as a missing one, and a request naming a video the project has is a 503
 * saying that no tracking model runs here.
 */
import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';
import { tempDir } from '../../helpers/temp-dir.js';

const webm = new Uint8Array([0x1a, 0x45, 0xdf, 0xa3, 0x9f, 0x42, 0x86, 0x81, 0x01]);

async function project(): Promise<TestServer> {
  // a video outside the project, reachable only through a symlink inside it
  const outside = join(tempDir('marginalia-outside-'), 'secret.webm');
  writeFileSync(outside, webm);
  const t = await startServer({
    items: [{ id: 'clip-1', text: 'clips/street.webm' }],
    files: { 'clips/street.webm': webm, 'clips/still.png': 'png', 'media/park.mp4': webm },
    config: {
      annotation_schemes: [{ annotation_type: 'radio', name: 'moving', labels: ['yes', 'no'] }],
      media_directory: 'media',
    },
  });
  symlinkSync(outside, join(dirname(t.configFile), 'clips', 'escape.webm'));
  mkdirSync(join(dirname(t.configFile), 'clips', 'folder.webm'));
  return t;
}

const ask = { video: 'clips/street.webm', points: [[120, 80, 1]], frames: 10 };

describe('video mask propagation', () => {
  it('needs a session and names the field it cannot use', async () => {
    const t = await project();
    expect((await t.client().post('/api/track/propagate', ask)).status).toBe(401);
    const alice = await t.client().login('alice');
    const post = (body: object) => alice.post('/api/track/propagate', body);

    const noPoints = await post({ ...ask, points: [] });
    expect(noPoints.status).toBe(400);
    expect(noPoints.body.error).toMatch(/^points: required/);
    const words = await post({ ...ask, points: [['left', 'top']] });
    expect(words.status).toBe(400);
    expect(words.body.error).toMatch(/^points\[0\]/);
    expect((await post({ ...ask, points: [[1, 2, 7]] })).body.error).toMatch(
      /^points\[0\]\[2\]: the label must be 1 .* or 0/,
    );
    expect((await post({ ...ask, points: [[-1, 2]] })).body.error).toMatch(/^points\[0\]\[0\]: must not be negative/);
    const noVideo = await post({ points: [[1, 1, 1]] });
    expect(noVideo.status).toBe(400);
    expect(noVideo.body.error).toMatch(/^video: required/);
    expect((await post({ ...ask, frames: 0 })).body.error).toMatch(/^frames: /);
    expect((await post({ ...ask, start_frame: 1.5 })).body.error).toMatch(/^start_frame: /);
    await t.close();
  });

  it('refuses a video outside the media folders exactly as a missing one', async () => {
    const t = await project();
    const alice = await t.client().login('alice');
    const answers = [];
    for (const video of [
      '../../../../etc/passwd',
      '/etc/passwd',
      '..%2f..%2fetc%2fpasswd',
      'clips/../../outside.webm',
      'clips/escape.webm',
      'clips/missing.webm',
      'clips/folder.webm',
      'clips/still.png',
    ]) {
      const r = await alice.post('/api/track/propagate', { ...ask, video });
      answers.push([video, r.status, r.body.error]);
    }
    const missing =
      "video: that video could not be found in the task's media folders (a video file: .mp4, .webm, .ogv or .mov)";
    expect(answers).toEqual(answers.map(([video]) => [video, 404, missing]));
    await t.close();
  });

  it('answers a video the project has with a 503 saying no tracking model runs here', async () => {
    const t = await project();
    const alice = await t.client().login('alice');
    for (const video of ['clips/street.webm', 'park.mp4']) {
      const r = await alice.post('/api/track/propagate', { ...ask, video, schema: 'moving', fps: 25 });
      expect(r.status, video).toBe(503);
      expect(r.body.error).toMatch(/^video tracking is not available on this server: .*sam2_video_tiny/);
    }
    const unknown = await alice.post('/api/track/propagate', { ...ask, schema: 'tracks' });
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toBe('schema: there is no scheme named "tracks"');
    await t.close();
  });
});
