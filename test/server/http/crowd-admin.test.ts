/**
 * The admin's study management on the crowd platform, over real HTTP both ways: our server on loopback, and a
 * small fake of Prolific's API on loopback that answers the few calls made and records them (never the real
 * internet). Without a token every call that needs the platform is a 400 saying so; the token is sent as
 * Prolific wants it and never shown; a platform failure is a 502 with its message.
 */
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { loadConfig } from '../../../server/index.js';
import { writeProject } from '../../helpers/project.js';
import { afterFile } from '../../helpers/after-file.js';

interface Seen {
  method: string;
  path: string;
  auth: string | undefined;
  body: unknown;
}

/** Prolific's API as far as these calls go; `/fail/…` answers Prolific's error shape with a 400. */
async function fakePlatform() {
  const seen: Seen[] = [];
  const read = (req: IncomingMessage) =>
    new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c: Buffer) => (data += c.toString()));
      req.on('end', () => resolve(data));
    });
  const server = createServer(async (req, res) => {
    const raw = await read(req);
    const path = (req.url ?? '').replace(/^\/api\/v1/, '');
    seen.push({ method: req.method ?? '', path, auth: req.headers.authorization, body: raw ? JSON.parse(raw) : null });
    const json = (status: number, body: unknown) => {
      res.writeHead(status, { 'content-type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (path.startsWith('/studies/gone/')) return json(404, { error: { detail: 'Study not found.' } });
    if (path === '/studies/S1/' && req.method === 'GET') return json(200, { id: 'S1', status: 'ACTIVE' });
    if (path === '/studies/S1/submissions/') return json(200, { results: [{ id: 'sub1', status: 'AWAITING REVIEW' }] });
    if (path === '/submissions/bonus-payments/') return json(201, { id: 'bonus-7' });
    if (path === '/participant-groups/') return json(201, { id: 'group-1', name: 'wave 1' });
    return json(200, { ok: true });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/v1`;
  afterFile(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return { url, seen };
}

const crowdLogin = { login: { type: 'url_direct', url_argument: 'PROLIFIC_PID' }, completion_code: 'DONE-1' };

describe('the crowd platform admin API', () => {
  it('manages the study through the platform with the configured token, and passes its failures on as 502', async () => {
    const fake = await fakePlatform();
    const t = await startServer({
      config: {
        ...crowdLogin,
        prolific: { token: '${TEST_PROLIFIC_TOKEN}', study_id: 'S1', api_base_url: fake.url },
      },
      options: { env: { TEST_PROLIFIC_TOKEN: 'tok-secret' } },
    });
    // a worker arrives from the study link and annotates: the group sync counts them
    const worker = t.client();
    const link = await worker.get('/?PROLIFIC_PID=W1&STUDY_ID=S1&SESSION_ID=X1', {
      accept: 'text/html',
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
      'sec-fetch-dest': 'document',
    });
    expect(link.status).toBe(303);
    await worker.post('/updateinstance', { instance_id: 'item-1', annotations: { 'sentiment:positive': 'true' } });

    const admin = t.admin();
    const status = (await admin.get('/admin/api/crowd/status')).body;
    expect(status).toMatchObject({
      provider: 'url_direct',
      platform: 'prolific',
      api_configured: true,
      study_id: 'S1',
    });
    expect(JSON.stringify(status)).not.toContain('tok-secret');

    expect((await admin.get('/admin/api/crowd/study')).body).toEqual({ study: { id: 'S1', status: 'ACTIVE' } });
    expect((await admin.post('/admin/api/crowd/study/S1/pause', {})).status).toBe(200);
    expect((await admin.post('/admin/api/crowd/study/S1/places', { total_available_places: 40 })).status).toBe(200);
    expect((await admin.get('/admin/api/crowd/study/S1/submissions')).body.submissions.results[0].id).toBe('sub1');
    expect((await admin.post('/admin/api/crowd/submissions/sub1/approve')).status).toBe(200);
    const short = await admin.post('/admin/api/crowd/submissions/sub1/reject', { message: 'too fast' });
    expect(short.status).toBe(400);
    expect(short.body.error).toMatch(/^message: .*100 characters/);
    const bonus = await admin.post('/admin/api/crowd/study/S1/bonus', { bonuses: [['W1', 1.5]], pay: true });
    expect(bonus.body).toMatchObject({ paid: true, setup: { id: 'bonus-7' } });
    const sync = await admin.post('/admin/api/crowd/qualification_sync', { project_id: 'P1', group_name: 'wave 1' });
    expect(sync.body).toMatchObject({ group_id: 'group-1', n_participants: 1 });

    expect(fake.seen.map((s) => `${s.method} ${s.path}`)).toEqual([
      'GET /studies/S1/',
      'POST /studies/S1/transition/',
      'POST /studies/S1/',
      'GET /studies/S1/submissions/',
      'POST /submissions/sub1/transition/',
      'POST /submissions/bonus-payments/',
      'POST /bulk-bonus-payments/bonus-7/pay/',
      'POST /participant-groups/',
    ]);
    expect(fake.seen.every((s) => s.auth === 'Token tok-secret')).toBe(true);
    expect(fake.seen[1].body).toEqual({ action: 'PAUSE' });
    expect(fake.seen[2].body).toEqual({ total_available_places: 40 });
    expect(fake.seen[5].body).toEqual({ study_id: 'S1', csv_bonuses: 'W1,1.50' });
    expect(fake.seen[7].body).toEqual({ project_id: 'P1', name: 'wave 1', participant_ids: ['W1'] });

    const failed = await admin.get('/admin/api/crowd/study?study_id=gone');
    expect(failed.status).toBe(502);
    expect(failed.body.error).toBe('the crowd platform answered 404: Study not found.');
  });

  it('answers 400 without a token or for bad input, before calling the platform, and keeps it to admins', async () => {
    const t = await startServer({ config: crowdLogin });
    const admin = t.admin();
    expect((await admin.get('/admin/api/crowd/status')).body).toMatchObject({
      provider: 'url_direct',
      api_configured: false,
    });
    const noToken = await admin.get('/admin/api/crowd/study');
    expect(noToken.status).toBe(400);
    expect(noToken.body.error).toMatch(/token/);
    expect((await admin.post('/admin/api/crowd/submissions/sub1/approve')).status).toBe(400);
    const cases: [string, object, RegExp][] = [
      ['/admin/api/crowd/study/s1/explode', {}, /^action: "explode" is not a study action/],
      ['/admin/api/crowd/qualification_sync', { source: 'everything' }, /^source: must be annotated or blocked/],
      ['/admin/api/crowd/study/s1/bonus', { bonuses: [] }, /^bonuses: bonuses required/],
      ['/admin/api/crowd/study/s1/bonus', { bonuses: [['W1', -1]] }, /^bonuses\[0\]\[1\]: /],
      ['/admin/api/crowd/study', { completion_code: 'X' }, /^completion_code: Prolific no longer takes it/],
    ];
    for (const [path, body, error] of cases) {
      const reply = await admin.post(path, body);
      expect(reply.status).toBe(400);
      expect(reply.body.error).toMatch(error);
    }
    for (const path of ['/admin/api/crowd/study', '/admin/api/crowd/qualification_sync']) {
      expect((await t.client().post(path, {})).status).toBe(401);
      expect((await t.client({ 'x-api-key': 'wrong' }).post(path, {})).status).toBe(403);
    }
    expect((await (await t.client().login('annotator')).get('/admin/api/crowd/status')).status).toBe(403);
  });

  it('reads the token from Potato’s places and refuses a plain-http platform off this machine', () => {
    const dir = writeProject({
      config: { ...crowdLogin, prolific: { config_file_path: 'prolific.yaml' } },
      files: { 'prolific.yaml': 'token: from-file\nstudy_id: S9\n' },
    });
    expect(loadConfig(dir, {}).crowdPlatform).toEqual({
      provider: 'prolific',
      token: 'from-file',
      studyId: 'S9',
      baseUrl: 'https://api.prolific.com/api/v1',
    });
    const nested = writeProject({
      config: { ...crowdLogin, crowdsourcing: { prolific: { token: 'n', study_id: 'S2' } } },
    });
    expect(loadConfig(nested, {}).crowdPlatform).toMatchObject({ token: 'n', studyId: 'S2' });
    const plain = writeProject({
      config: { ...crowdLogin, prolific: { token: 't', api_base_url: 'http://example.com/api' } },
    });
    expect(() => loadConfig(plain, {})).toThrow(/prolific\.api_base_url: must use https/);
  });
});
