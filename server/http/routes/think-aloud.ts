/**
 * Think-aloud under Potato's paths (`/thinkaloud/...`): annotators send recorded chunks (multipart audio) or text
 * chunks and read their session back; admins export every session and read them as a page. 503 while it is off,
 * and a recorded chunk is a 503 naming `thinkaloud.base_url` while no speech-to-text server is configured.
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { invalid, notFound } from '../../domain/errors.js';
import type { SessionView } from '../../domain/think-aloud/think-aloud.js';
import { download } from '../download.js';
import { readMultipart } from '../multipart-body.js';
import { route, type RouteSpec } from '../route.js';
import { sendReport, type Report } from '../report-page.js';

/** A recorded chunk: ~6 s of speech is tens of kilobytes in any browser's codec; 2 MB leaves room for WAV. */
const AUDIO_LIMIT = 2 * 1024 * 1024;
/** What MediaRecorder and common recorders produce (parameters such as `;codecs=opus` are allowed after). */
const AUDIO_TYPES = ['audio/webm', 'audio/ogg', 'audio/mp4', 'audio/mpeg', 'audio/wav', 'audio/x-wav', 'audio/flac'];

const instanceId = z.string().min(1).max(256);
const seq = z.number().int('a whole number').min(0).max(1_000_000);

const detection = z.lazy(() =>
  z
    .object({ label: z.string(), stem_text: z.string(), confidence: z.number() })
    .nullable()
    .describe('the label a set phrasing committed ("I label this …"), or null'),
);
const session = z.lazy(() =>
  z.object({
    annotator: z.string(),
    instance_id: z.string(),
    detection,
    n_chunks: z.number().int(),
    next_seq: z.number().int().describe("the seq for the page's next chunk: one past the highest kept"),
    silent_chunks: z.number().int(),
    filler_count: z.number().int(),
    transcript: z.string(),
    rationale: z.string().describe('the transcript without the phrases that committed a label'),
  }),
);
const chunkAnswer = z.lazy(() =>
  z.object({
    success: z.literal(true),
    seq: z.number(),
    text: z.string(),
    detection,
    state: session,
  }),
);

export function thinkAloudRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'POST',
      path: '/thinkaloud/api/text',
      summary:
        "A chunk of the caller's think-aloud as text (no audio) on an instance of their list; a chunk sent again under the same seq replaces it",
      access: 'user',
      body: z.lazy(() => z.object({ instance_id: instanceId, seq, text: z.string().max(20_000) })),
      response: chunkAnswer,
      async handle({ username, body }) {
        const r = await s.thinkAloud.addText(username, body.instance_id, body.seq, body.text);
        return { success: true as const, ...r };
      },
    }),
    route({
      method: 'POST',
      path: '/thinkaloud/api/chunk',
      summary: `A recorded chunk (multipart/form-data: instance_id, seq, and the file under audio, ${AUDIO_TYPES.join(', ')}, at most 2 MB), transcribed by the speech-to-text server and kept with its audio`,
      access: 'user',
      response: chunkAnswer,
      async handle({ username, ctx }) {
        s.thinkAloud.checkEnabled(); // before reading an upload
        const form = await readMultipart(ctx, AUDIO_LIMIT + 64 * 1024, 'audio');
        const audio = form.get('audio');
        if (!(audio instanceof Blob)) throw invalid('audio: required, the recorded chunk as a file part');
        if (audio.size === 0) throw invalid('audio: the file is empty');
        if (audio.size > AUDIO_LIMIT) throw invalid('audio: the file is larger than 2 MB');
        const type = audio.type.split(';')[0].trim().toLowerCase();
        if (!AUDIO_TYPES.includes(type))
          throw invalid(`audio: ${audio.type || 'no type'} is not an audio type taken (${AUDIO_TYPES.join(', ')})`);
        const id = instanceId.safeParse(form.get('instance_id'));
        if (!id.success) throw invalid('instance_id: required');
        const n = Number(form.get('seq'));
        if (form.get('seq') === null || !seq.safeParse(n).success)
          throw invalid('seq: must be a whole number, 0 or more');
        const mock = form.get('mock_text');
        const r = await s.thinkAloud.addAudio(
          username,
          id.data,
          n,
          { bytes: new Uint8Array(await audio.arrayBuffer()), type, filename: (audio as File).name || 'chunk' },
          typeof mock === 'string' ? mock.slice(0, 20_000) : undefined,
        );
        return { success: true as const, ...r };
      },
    }),
    route({
      method: 'GET',
      path: '/thinkaloud/api/state',
      summary:
        "The caller's think-aloud session on an instance: transcript, rationale, voice-committed label, hesitation",
      access: 'user',
      query: z.object({ instance_id: instanceId }),
      response: session,
      handle: ({ username, query }) => s.thinkAloud.state(username, query.instance_id),
    }),
    route({
      method: 'GET',
      path: '/thinkaloud/api/export',
      summary: 'Every think-aloud session: transcript, rationale, the label committed by voice and hesitation counts',
      access: 'admin',
      response: z.lazy(() => z.object({ sessions: z.array(session) })),
      handle: () => ({ sessions: s.thinkAloud.sessions() }),
    }),
    route({
      method: 'GET',
      path: '/thinkaloud/api/transcripts',
      summary:
        "Every chunk's transcript as JSON lines, Potato's thinkaloud/transcripts.jsonl: {username, instance_id, seq, text, timestamp, source}, oldest first",
      access: 'admin',
      responds: { types: ['application/x-ndjson'] },
      handle({ ctx }) {
        const jsonl = s.thinkAloud
          .transcripts()
          .map((r) => JSON.stringify(r) + '\n')
          .join('');
        return download(ctx, 'application/x-ndjson', 'transcripts.jsonl', jsonl);
      },
    }),
    route({
      method: 'GET',
      path: '/thinkaloud/api/audio/:annotator/:instance_id/:seq',
      summary: "One chunk's recorded audio, as it was uploaded",
      access: 'admin',
      responds: { types: ['audio/*'] },
      handle({ params, ctx }) {
        const a = s.thinkAloud.audio(params.annotator, params.instance_id, Number(params.seq));
        if (!a) throw notFound(`seq: no recorded chunk ${params.seq} of ${params.annotator} on ${params.instance_id}`);
        ctx.type = a.type;
        ctx.set('X-Content-Type-Options', 'nosniff');
        ctx.set('Content-Disposition', 'attachment');
        ctx.body = a.bytes;
        return undefined;
      },
    }),
    route({
      method: 'GET',
      path: '/thinkaloud/review',
      summary: 'Every think-aloud session as a page: transcript, voice-committed label, confidence and hesitation',
      access: 'admin',
      responds: { types: ['text/html'] },
      handle: ({ ctx }) => sendReport(ctx, review(s.thinkAloud.sessions())),
    }),
  ];
}

function review(sessions: SessionView[]): Report {
  return {
    title: 'Think-Aloud Review',
    lines: [
      `${sessions.length} sessions. The rationale is the verbatim transcript without the phrase that committed a label.`,
    ],
    tables: [
      {
        heading: 'Sessions',
        empty: 'No one has thought aloud yet.',
        columns: ['Annotator', 'Instance', 'Label said', 'Confidence', 'Chunks', 'Silent', 'Fillers', 'Rationale'],
        rows: sessions.map((v) => [
          v.annotator,
          v.instance_id,
          v.detection?.label,
          v.detection?.confidence,
          v.n_chunks,
          v.silent_chunks,
          v.filler_count,
          v.rationale,
        ]),
      },
    ],
  };
}
