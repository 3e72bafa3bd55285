/**
 * Think-aloud over real HTTP, with Potato's paths: recorded chunks are sent as multipart audio to a real
 * speech-to-text server on 127.0.0.1 (test/helpers/stt-server.ts), text chunks directly; a label said in a set
 * phrasing is detected, across a chunk boundary too; sessions are read back, exported and kept over a restart with
 * their audio; bad uploads are a 400/413 naming the field; the model missing or failing keeps nothing.
 */
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';
import { startSttServer } from '../../helpers/stt-server.js';
import { writeProject } from '../../helpers/project.js';
import type { Client } from '../../helpers/client.js';
import { loadConfig } from '../../../server/index.js';

const items = [
  { id: 'm1', text: 'Bring the charts to the review.' },
  { id: 'm2', text: 'As I said twice, the form was due <b>Monday</b>.' },
];
const schemes = [{ annotation_type: 'radio', name: 'politeness', labels: ['Polite', 'Neutral', 'Impolite'] }];
const section = (extra: Record<string, unknown>) => ({
  annotation_schemes: schemes,
  thinkaloud: { enabled: true, schema: 'politeness', ...extra },
});

/** A multipart body as a browser's FormData sends it. */
async function multipart(
  fields: Record<string, string>,
  file?: { bytes: string | Uint8Array<ArrayBuffer>; type: string },
) {
  const form = new FormData();
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  if (file) form.append('audio', new Blob([file.bytes], { type: file.type }), 'chunk.webm');
  const request = new Request('http://127.0.0.1/', { method: 'POST', body: form });
  return { raw: new Uint8Array(await request.arrayBuffer()), type: request.headers.get('content-type')! };
}

async function sendChunk(
  c: Client,
  fields: Record<string, string>,
  file?: { bytes: string | Uint8Array<ArrayBuffer>; type: string },
) {
  const { raw, type } = await multipart(fields, file);
  return c.request('POST', '/thinkaloud/api/chunk', { raw, headers: { 'content-type': type } });
}

const webm = (text: string) => ({ bytes: text, type: 'audio/webm;codecs=opus' });

describe('think-aloud', () => {
  it('transcribes recorded chunks, detects spoken labels, and keeps sessions with their audio over a restart', async () => {
    const stt = await startSttServer();
    const t: TestServer = await startServer({
      items,
      config: section({ base_url: `${stt.url}/v1`, api_key: 'stt-secret', model: 'tiny.en', language: 'en' }),
    });
    expect((await sendChunk(t.client(), { instance_id: 'm1', seq: '0' }, webm('x'))).status).toBe(401);
    const alice = await t.client().login('alice');

    const first = await sendChunk(alice, { instance_id: 'm1', seq: '0' }, webm('okay um a bare command, no please'));
    expect(first.status).toBe(200);
    expect(first.body).toMatchObject({
      success: true,
      seq: 0,
      text: 'okay um a bare command, no please',
      detection: null,
    });
    expect(stt.calls).toHaveLength(1);
    expect(stt.calls[0].fields).toMatchObject({ model: 'tiny.en', language: 'en', response_format: 'json' });
    expect(stt.calls[0].file).toMatchObject({ type: 'audio/webm' });
    expect(stt.calls[0].headers.authorization).toBe('Bearer stt-secret');

    // "my answer" / "is in polite": across the boundary, and a mishearing still finds Impolite
    await sendChunk(alice, { instance_id: 'm1', seq: '1' }, webm('hmm I think my answer'));
    const second = await sendChunk(alice, { instance_id: 'm1', seq: '2' }, webm('is in polite'));
    expect(second.body.detection).toMatchObject({ label: 'Impolite' });
    expect(second.body.detection.stem_text).toMatch(/^my answer is in polite$/i);
    // thinking about a label commits nothing; a later phrase wins
    const thinking = await alice.post('/thinkaloud/api/text', { instance_id: 'm1', seq: 3, text: 'polite? no' });
    expect(thinking.body.detection).toBeNull();
    await alice.post('/thinkaloud/api/text', { instance_id: 'm1', seq: 4, text: 'I label this neutral' });

    const state = (await alice.get('/thinkaloud/api/state?instance_id=m1')).body;
    expect(state).toMatchObject({
      annotator: 'alice',
      instance_id: 'm1',
      detection: { label: 'Neutral', confidence: 1 },
      n_chunks: 5,
      silent_chunks: 0,
      filler_count: 2,
    });
    expect(state.transcript).toBe(
      'okay um a bare command, no please hmm I think my answer is in polite polite? no I label this neutral',
    );
    expect(state.rationale).toBe('okay um a bare command, no please hmm I think polite? no');

    // a chunk sent again under its seq replaces it; an empty transcript counts as silent
    stt.reply = () => ({ text: '' });
    await sendChunk(alice, { instance_id: 'm1', seq: '4' }, webm('...'));
    const replaced = (await alice.get('/thinkaloud/api/state?instance_id=m1')).body;
    expect(replaced).toMatchObject({ n_chunks: 5, silent_chunks: 1, detection: { label: 'Impolite' } });

    // admin read-outs: 401 without credentials, 403 for an annotator
    expect((await t.client().get('/thinkaloud/api/export')).status).toBe(401);
    expect((await alice.get('/thinkaloud/api/export')).status).toBe(403);
    expect((await t.client({ 'x-api-key': 'wrong' }).get('/thinkaloud/review')).status).toBe(403);
    const exported = (await t.admin().get('/thinkaloud/api/export')).body;
    expect(exported.sessions).toEqual([replaced]);
    // Potato's thinkaloud/transcripts.jsonl: a line per chunk, oldest first; the chunk sent again is last
    expect((await alice.get('/thinkaloud/api/transcripts')).status).toBe(403);
    const transcripts = await t.admin().get('/thinkaloud/api/transcripts');
    expect(transcripts.status).toBe(200);
    expect(transcripts.headers.get('content-type')).toMatch(/^application\/x-ndjson/);
    expect(transcripts.headers.get('content-disposition')).toMatch(/transcripts\.jsonl/);
    const lines = transcripts.text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(lines.map((l) => [l.seq, l.text, l.source])).toEqual([
      [0, 'okay um a bare command, no please', 'audio'],
      [1, 'hmm I think my answer', 'audio'],
      [2, 'is in polite', 'audio'],
      [3, 'polite? no', 'text'],
      [4, '', 'audio'],
    ]);
    for (const l of lines) {
      expect(l).toMatchObject({ username: 'alice', instance_id: 'm1' });
      expect(Math.abs(l.timestamp * 1000 - Date.now())).toBeLessThan(10 * 60_000);
    }
    expect(lines[4].timestamp).toBeGreaterThanOrEqual(lines[3].timestamp);
    const page = await t.admin().get('/thinkaloud/review');
    expect(page.status).toBe(200);
    expect(page.text).toContain('<h1>Think-Aloud Review</h1>');
    const audio = await t.admin().get('/thinkaloud/api/audio/alice/m1/0');
    expect(audio.status).toBe(200);
    expect(audio.headers.get('content-type')).toBe('audio/webm');
    expect(audio.text).toBe('okay um a bare command, no please');
    expect((await t.admin().get('/thinkaloud/api/audio/alice/m1/3')).status).toBe(404); // a text chunk has none

    const again = await t.restart();
    expect((await again.admin().get('/thinkaloud/api/export')).body).toEqual(exported);
    expect((await again.admin().get('/thinkaloud/api/audio/alice/m1/1')).text).toBe('hmm I think my answer');
    expect((await again.admin().get('/thinkaloud/api/transcripts')).text).toBe(transcripts.text);
    await again.close();
  });

  it('refuses bad uploads by field, and keeps nothing when the model is missing or fails', async () => {
    const stt = await startSttServer();
    const t = await startServer({ items, config: section({ base_url: stt.url, timeout: 1 }) });
    const alice = await t.client().login('alice');
    const ok = { instance_id: 'm1', seq: '0' };

    const noFile = await sendChunk(alice, ok);
    expect(noFile.status).toBe(400);
    expect(noFile.body.error).toMatch(/^audio: required/);
    const wrongType = await sendChunk(alice, ok, { bytes: 'x', type: 'text/html' });
    expect(wrongType.status).toBe(400);
    expect(wrongType.body.error).toMatch(/^audio: text\/html is not an audio type/);
    const big = await sendChunk(alice, ok, { bytes: new Uint8Array(3 * 1024 * 1024), type: 'audio/wav' });
    expect(big.status).toBe(413);
    expect(big.body.error).toMatch(/^audio: the upload is larger than/);
    const json = await alice.post('/thinkaloud/api/chunk', ok);
    expect(json.status).toBe(400);
    expect(json.body.error).toMatch(/^audio: send the chunk as multipart\/form-data/);
    expect((await sendChunk(alice, { ...ok, seq: 'zero' }, webm('x'))).body.error).toMatch(/^seq: /);
    expect((await sendChunk(alice, { seq: '0' }, webm('x'))).body.error).toMatch(/^instance_id: /);
    expect((await sendChunk(alice, { ...ok, instance_id: 'nope' }, webm('x'))).status).toBe(404);
    const text = await alice.post('/thinkaloud/api/text', { instance_id: 'm1', seq: 'zero', text: 'x' });
    expect(text.status).toBe(400);
    expect(text.body.error).toMatch(/^seq: /);
    const foreign = await alice.post(
      '/thinkaloud/api/text',
      { instance_id: 'm1', seq: 0, text: 'x' },
      {
        origin: 'https://evil.example.com',
      },
    );
    expect(foreign.status).toBe(403);
    expect(stt.calls).toHaveLength(0);

    stt.reply = () => ({ status: 500 });
    const failed = await sendChunk(alice, ok, webm('x'));
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatch(/speech-to-text server at .* answered 500/);
    stt.reply = () => ({ text: 'late', delayMs: 1500 });
    const slow = await sendChunk(alice, ok, webm('x'));
    expect(slow.status).toBe(504);
    expect(slow.body.error).toMatch(/thinkaloud\.timeout/);
    expect((await alice.get('/thinkaloud/api/state?instance_id=m1')).body.n_chunks).toBe(0);
    expect((await t.admin().get('/thinkaloud/api/export')).body.sessions).toEqual([]);

    // the session survives a body it could not read: the connection is still usable
    expect((await alice.get('/thinkaloud/api/state?instance_id=m1')).status).toBe(200);
  });

  it('answers 503 naming the key without a model or while off, and reads the section at start-up', async () => {
    const t = await startServer({ items, config: section({}) });
    const alice = await t.client().login('alice');
    const noModel = await sendChunk(alice, { instance_id: 'm1', seq: '0' }, webm('x'));
    expect(noModel.status).toBe(503);
    expect(noModel.body.error).toMatch(/^thinkaloud\.base_url: no speech-to-text server is configured/);
    // text chunks need no model
    const text = await alice.post('/thinkaloud/api/text', { instance_id: 'm1', seq: 0, text: 'final answer: polite' });
    expect(text.body.detection).toMatchObject({ label: 'Polite', confidence: 1 });
    expect((await alice.get('/api/study')).body.thinkaloud).toEqual({
      schema: 'politeness',
      labels: ['Polite', 'Neutral', 'Impolite'],
      chunk_seconds: 6,
      require_spoken_label: true, // Potato's default
    });
    const quiet = await startServer({ items, config: section({ require_spoken_label: 'false' }) });
    const carol = await quiet.client().login('carol');
    expect((await carol.get('/api/study')).body.thinkaloud.require_spoken_label).toBe(false);

    const off = await startServer({ items, config: { annotation_schemes: schemes } });
    const bob = await off.client().login('bob');
    const closed = await bob.post('/thinkaloud/api/text', { instance_id: 'm1', seq: 0, text: 'x' });
    expect(closed.status).toBe(503);
    expect(closed.body.error).toMatch(/thinkaloud: \{enabled: true\}/);
    expect((await sendChunk(bob, { instance_id: 'm1', seq: '0' }, webm('x'))).status).toBe(503);
    expect((await off.admin().get('/thinkaloud/api/export')).status).toBe(503);
    expect((await off.admin().get('/thinkaloud/api/transcripts')).status).toBe(503);
    expect((await bob.get('/api/study')).body.thinkaloud).toBeNull();

    const warned = loadConfig(writeProject({ items, config: section({}) }));
    expect(warned.warnings.join('\n')).toMatch(/thinkaloud\.base_url: no speech-to-text server is configured/);
    expect(warned.warnings.join('\n')).not.toMatch(/require_spoken_label/);
    const mock = loadConfig(writeProject({ items, config: section({ stt: 'mock' }) }));
    expect(mock.warnings.join('\n')).toMatch(/thinkaloud\.stt: mock transcribes nothing/);
    expect(() => loadConfig(writeProject({ items, config: section({ stems: ['(unclosed'] }) }))).toThrow(
      /thinkaloud\.stems\[0\]: not a regular expression/,
    );
    expect(() =>
      loadConfig(
        writeProject({
          items,
          config: {
            ...section({}),
            annotation_schemes: [...schemes, { annotation_type: 'text', name: 'why' }],
            thinkaloud: { enabled: true, schema: 'why' },
          },
        }),
      ),
    ).toThrow(/thinkaloud\.schema: "why" is a text scheme/);
  });

  it("takes Potato's mock backend's transcript from mock_text", async () => {
    const t = await startServer({ items, config: section({ stt: 'mock' }) });
    const alice = await t.client().login('alice');
    const r = await sendChunk(alice, { instance_id: 'm2', seq: '10', mock_text: 'final answer impolite' }, webm('b'));
    expect(r.status).toBe(200);
    expect(r.body.detection).toMatchObject({ label: 'Impolite' });
  });
});
