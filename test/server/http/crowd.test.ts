/** Study links (Potato's url_direct login), completion codes and the study page's options, over real HTTP. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/index.js';
import { Client } from '../../helpers/client.js';
import { writeProject } from '../../helpers/project.js';
import { startServer } from '../../helpers/server.js';

const ITEMS = [
  { id: 'a', text: 'Alpha' },
  { id: 'b', text: 'Beta' },
];
const PROLIFIC = {
  login: { type: 'url_direct', url_argument: 'PROLIFIC_PID' },
  completion_code: 'C0DE-42',
  auto_redirect_on_completion: true,
  auto_redirect_delay: 1500,
};
const HTML = { accept: 'text/html,application/xhtml+xml' };

/** Opens a study link as a browser does and returns the client, now carrying the session. */
async function openLink(c: Client, query: string, headers: Record<string, string> = {}) {
  return c.get(`/?${query}`, {
    ...HTML,
    'sec-fetch-site': 'cross-site',
    'sec-fetch-mode': 'navigate',
    'sec-fetch-dest': 'document',
    ...headers,
  });
}

describe('url_direct login from a study link', () => {
  it('signs the worker in with nothing to type, keeps the platform IDs, and shows the code at the end of the list', async () => {
    const t = await startServer({ items: ITEMS, config: PROLIFIC });
    const worker = t.client();
    const r = await openLink(worker, 'PROLIFIC_PID=5f00aa&STUDY_ID=study-1&SESSION_ID=sess-1');
    expect(r.status).toBe(303);
    expect(r.headers.get('location')).toBe('/');
    expect((await worker.get('/api/me')).body.username).toBe('5f00aa');
    let study = (await worker.get('/api/study')).body;
    expect(study).toMatchObject({
      login: 'url_direct',
      url_argument: 'PROLIFIC_PID',
      platform: 'Prolific',
      finished: false,
      completion: null,
      crowd: { STUDY_ID: 'study-1', SESSION_ID: 'sess-1' },
    });

    for (const id of ['a', 'b'])
      expect(
        (await worker.post('/updateinstance', { instance_id: id, annotations: { 'sentiment:positive': 'true' } }))
          .status,
      ).toBe(200);
    study = (await worker.get('/api/study')).body;
    expect(study.finished).toBe(true);
    expect(study.completion).toEqual({
      completion_code: 'C0DE-42',
      message: null,
      platform: 'Prolific',
      redirect_url: 'https://app.prolific.com/submissions/complete?cc=C0DE-42',
      auto_redirect: true,
      redirect_delay_ms: 1500,
    });
    // the code is the worker's only at the end: another worker who has not finished does not see it
    const other = t.client();
    await openLink(other, 'PROLIFIC_PID=5f00bb&SESSION_ID=sess-2');
    expect((await other.get('/api/study')).body).toMatchObject({ finished: false, completion: null });
    // the IDs go out with the annotations
    const exported = (await t.admin().get('/admin/api/export?format=jsonl')).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(exported.find((row) => row.annotator === '5f00aa').crowd).toEqual({
      provider: 'prolific',
      worker_id: '5f00aa',
      STUDY_ID: 'study-1',
      SESSION_ID: 'sess-1',
    });
  });

  it('binds the account to its first session ID: the worker ID of someone else is not enough', async () => {
    const t = await startServer({ items: ITEMS, config: PROLIFIC });
    await openLink(t.client(), 'PROLIFIC_PID=w1&SESSION_ID=s1');
    // the same worker again from a new browser, with their own link
    const again = t.client();
    expect((await openLink(again, 'PROLIFIC_PID=w1&SESSION_ID=s1')).status).toBe(303);
    expect((await again.get('/api/me')).body.username).toBe('w1');
    // another worker who edits the ID in their own link
    const intruder = t.client();
    const r = await openLink(intruder, 'PROLIFIC_PID=w1&SESSION_ID=s2');
    expect(r.status).toBe(403);
    expect(r.headers.get('content-type')).toMatch(/html/);
    expect(r.text).toMatch(/already in use in another Prolific session/);
    expect((await intruder.get('/api/me')).status).toBe(401);
    // and a script gets the refusal as JSON
    const script = await t.client().get('/?PROLIFIC_PID=w1&SESSION_ID=zzz');
    expect(script.status).toBe(403);
    expect(script.body.error).toMatch(/PROLIFIC_PID: /);
  });

  it('keeps worker and password accounts apart, and refuses bad IDs naming the parameter', async () => {
    const t = await startServer({ items: ITEMS, config: { ...PROLIFIC, require_password: false } });
    await openLink(t.client(), 'PROLIFIC_PID=w1&SESSION_ID=s1');
    // no password way into a worker's account, even where passwords are not required
    const auth = await t.client().postForm('/auth', { username: 'w1', password: '' });
    expect(auth.status).toBe(403);
    expect(auth.body.error).toMatch(/signs in from the study link/);
    const reg = await t.client().postForm('/register', { username: 'w1', password: 'secret-pass' });
    expect(reg.status).toBe(409);
    // nor a link into a password account
    await t.client().login('carol');
    expect((await openLink(t.client(), 'PROLIFIC_PID=carol')).status).toBe(403);
    const bad = await t.client().get('/?PROLIFIC_PID=%3Cscript%3E');
    expect(bad.status).toBe(400);
    expect(bad.body.error).toMatch(/^PROLIFIC_PID: must be/);
  });

  it('signs in only for a page navigation, not for an image or script a foreign page embeds', async () => {
    const t = await startServer({ items: ITEMS, config: PROLIFIC });
    const victim = t.client();
    expect(
      (await openLink(victim, 'PROLIFIC_PID=attacker', { 'sec-fetch-dest': 'image', 'sec-fetch-mode': 'no-cors' }))
        .status,
    ).toBe(403);
    expect(victim.cookie('marginalia.sid')).toBeUndefined();
  });

  it('the study link works on /annotate too; without it the page says how to start, and / is the UI', async () => {
    const t = await startServer({ items: ITEMS, config: PROLIFIC });
    const worker = t.client();
    expect((await worker.get('/annotate?PROLIFIC_PID=w9', HTML)).status).toBe(303);
    expect((await worker.get('/api/me')).body.username).toBe('w9');
    const lost = await t.client().get('/annotate', HTML);
    expect(lost.status).toBe(400);
    expect(lost.text).toMatch(/carries PROLIFIC_PID/);
  });

  it('is refused together with debug', async () => {
    const file = writeProject({ items: ITEMS, config: { ...PROLIFIC, debug: true } });
    expect(() => loadConfig(file)).toThrow(/url_direct cannot be used with debug/);
    const ok = loadConfig(writeProject({ items: ITEMS, config: PROLIFIC }));
    ok.debug = true; // as --debug does
    await expect(
      startServer({ configFile: writeProject({ items: ITEMS, config: PROLIFIC }), options: { config: ok } }),
    ).rejects.toThrow(/url_direct cannot be used with debug/);
  });
});

describe('other platforms', () => {
  it('MTurk: a preview is not signed in; the finished worker is sent to MTurk with the assignment, never elsewhere', async () => {
    const t = await startServer({
      items: [ITEMS[0]],
      config: { login: { type: 'url_direct', url_argument: 'workerId' }, completion_code: 'DONE' },
    });
    expect((await openLink(t.client(), 'workerId=A1&assignmentId=ASSIGNMENT_ID_NOT_AVAILABLE&hitId=h')).status).toBe(
      403,
    );
    const w = t.client();
    await openLink(w, 'workerId=A1&assignmentId=as1&hitId=h1&turkSubmitTo=https%3A%2F%2Fworkersandbox.mturk.com');
    await w.post('/updateinstance', { instance_id: 'a', annotations: { 'sentiment:neutral': 'true' } });
    expect((await w.get('/api/study')).body.completion.redirect_url).toBe(
      'https://workersandbox.mturk.com/mturk/externalSubmit?assignmentId=as1&completion_code=DONE',
    );
    const evil = t.client();
    await openLink(evil, 'workerId=A2&assignmentId=as2&turkSubmitTo=https%3A%2F%2Fevil.example');
    await evil.post('/updateinstance', { instance_id: 'a', annotations: { 'sentiment:neutral': 'true' } });
    expect((await evil.get('/api/study')).body.completion).toMatchObject({
      completion_code: 'DONE',
      redirect_url: null,
      auto_redirect: false,
    });
  });

  it('generic panels: the redirect_url template is filled with the code, the worker and captured parameters', async () => {
    const t = await startServer({
      items: [ITEMS[0]],
      config: {
        login: { type: 'url_direct', url_argument: 'rid' },
        crowdsourcing: {
          provider: 'generic',
          generic: {
            platform_label: 'Panel',
            id_param: 'rid',
            capture_params: ['wave'],
            completion: { code: 'P-1', redirect_url: 'http://127.0.0.1:9/done?rid={worker_id}&code={code}&w={wave}' },
          },
        },
      },
    });
    const w = t.client();
    expect((await openLink(w, 'rid=r.1&wave=2%20b')).status).toBe(303);
    await w.post('/updateinstance', { instance_id: 'a', annotations: { 'sentiment:neutral': 'true' } });
    expect((await w.get('/api/study')).body.completion).toMatchObject({
      platform: 'Panel',
      redirect_url: 'http://127.0.0.1:9/done?rid=r.1&code=P-1&w=2%20b',
    });
  });

  it("SONA: the survey code signs in, and the finished participant is sent to SONA's credit page with it", async () => {
    const sona = {
      provider: 'sona',
      sona: { hostname: 'psych.sona-systems.com', experiment_id: 123, credit_token: 'tok&9' },
    };
    const config = { login: { type: 'url_direct' }, crowdsourcing: sona, completion_code: 'S-1' };
    expect(loadConfig(writeProject({ config })).warnings.join('\n')).toMatch(
      /crowdsourcing\.sona: credit is not granted server-side .* sent to SONA's credit page/,
    );
    const t = await startServer({ items: [ITEMS[0]], config });
    const w = t.client();
    expect((await openLink(w, 'sona_code=sc-42')).status).toBe(303);
    expect((await w.get('/api/me')).body.username).toBe('sc-42');
    await w.post('/updateinstance', { instance_id: 'a', annotations: { 'sentiment:neutral': 'true' } });
    expect((await w.get('/api/study')).body.completion).toMatchObject({
      completion_code: 'S-1',
      platform: 'SONA',
      redirect_url:
        'https://psych.sona-systems.com/webstudy_credit.aspx?experiment_id=123&credit_token=tok%269&survey_code=sc-42',
    });
  });

  it('refuses a redirect_url that is not https (or http to this machine), naming the key', () => {
    const file = writeProject({
      config: {
        login: { type: 'url_direct', url_argument: 'rid' },
        crowdsourcing: { provider: 'generic', generic: { completion: { redirect_url: 'http://example.com/x' } } },
      },
    });
    expect(() => loadConfig(file)).toThrow(/crowdsourcing\.generic\.completion\.redirect_url: must use https/);
  });

  it('acts on or warns about every crowdsourcing key at start-up', () => {
    const config = loadConfig(
      writeProject({
        config: {
          ...PROLIFIC,
          auto_redirect_on_completion: false,
          prolific: { config_file_path: 'p.yaml' },
          mturk: { enabled: true },
          crowdsourcing: { provider: 'sona', sona: { hostname: 'x.sona-systems.com', experiment_id: 1, credits: 2 } },
          task_description: 'Label texts',
          hide_navbar: true,
          jumping_to_id_disabled: true,
        },
      }),
    );
    const text = config.warnings.join('\n');
    expect(text).toMatch(/prolific: only the study management of the admin API .* is done; submission monitoring/);
    expect(text).toMatch(/prolific\.config_file_path: .*p\.yaml is not there/);
    expect(text).toMatch(/mturk: the MTurk API integration .* is not done/);
    expect(text).toMatch(/crowdsourcing\.sona: without hostname, experiment_id and credit_token no credit is granted/);
    expect(text).toMatch(/unknown key "crowdsourcing\.sona\.credits"/);
    expect(text).not.toMatch(/crowdsourcing\.sona\.hostname/);
    expect(text).toMatch(/auto_redirect_delay is ignored/);
    expect(text).not.toMatch(/task_description|hide_navbar|jumping_to_id_disabled|"login"/);
    expect(config.crowd).toMatchObject({
      taskDescription: 'Label texts',
      hideNavbar: true,
      jumpingDisabled: true,
      loginArgument: 'PROLIFIC_PID',
    });
  });
});

describe("Potato's pages and GET /logout", () => {
  it('lead a browser to the UI, never a JSON 404', async () => {
    const t = await startServer({ items: ITEMS });
    for (const [path, target] of [
      ['/annotate', '/'],
      ['/login', '/'],
      ['/consent', '/'],
      ['/done', '/'],
      ['/admin', '/#/admin'],
    ]) {
      const r = await t.client().get(path, HTML);
      expect(r.status, path).toBe(302);
      expect(r.headers.get('location'), path).toBe(target);
    }
  });

  it('POST /annotate moves like /go_to (JSON answers the current instance; a browser form goes back to the UI)', async () => {
    const t = await startServer({ items: ITEMS });
    const alice = await t.client().login('alice');
    const r = await alice.post('/annotate', { action: 'next_instance', instance_id: 'a' });
    expect(r.status).toBe(200);
    expect(r.body.instance_id).toBe('b');
    // the same answer as /go_to gives, display included
    expect(r.body).toEqual((await alice.post('/go_to', { go_to: 'b' })).body);
    const form = await alice.postForm('/annotate', { action: 'prev_instance' }, HTML);
    expect(form.status).toBe(303);
    expect((await alice.get('/api/current_instance')).body.instance_id).toBe('a');
    expect((await t.client().post('/annotate', { action: 'next_instance' })).status).toBe(401);
  });

  it('jumping_to_id_disabled refuses go_to by id to annotators (next and previous still work)', async () => {
    const t = await startServer({ items: ITEMS, config: { jumping_to_id_disabled: true, admin_users: ['boss'] } });
    const alice = await t.client().login('alice');
    const r = await alice.post('/go_to', { go_to: 'b' });
    expect(r.status).toBe(403);
    expect(r.body.error).toMatch(/^go_to: jumping/);
    expect((await alice.post('/annotate', { action: 'go_to', go_to: 'b' })).status).toBe(403);
    expect((await alice.post('/go_to', { action: 'next_instance' })).body.instance_id).toBe('b');
    expect((await (await t.loginAdmin('boss')).post('/go_to', { go_to: 'b' })).status).toBe(200);
  });

  it('GET /logout logs out from our own pages and typed URLs, not from a foreign page', async () => {
    const t = await startServer({ items: ITEMS });
    const alice = await t.client().login('alice');
    const foreign = await alice.get('/logout', {
      ...HTML,
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
    });
    expect(foreign.status).toBe(303);
    expect((await alice.get('/api/me')).status).toBe(200);
    expect((await alice.get('/logout', { ...HTML, 'sec-fetch-site': 'same-site' })).status).toBe(303);
    expect((await alice.get('/api/me')).status).toBe(200);
    const own = await alice.get('/logout', { ...HTML, 'sec-fetch-site': 'same-origin', 'sec-fetch-mode': 'navigate' });
    expect(own.status).toBe(303);
    expect((await alice.get('/api/me')).status).toBe(401);
    // a script (no fetch metadata) logs out too, as it would with POST
    const bob = await t.client().login('bob');
    expect((await bob.get('/logout')).body).toEqual({ status: 'success' });
    expect((await bob.get('/api/me')).status).toBe(401);
  });

  it('a worker who logs out is told their responses are saved and how to come back', async () => {
    const t = await startServer({ items: ITEMS, config: PROLIFIC });
    const w = t.client();
    await openLink(w, 'PROLIFIC_PID=w1');
    const r = await w.get('/logout', { ...HTML, 'sec-fetch-site': 'same-origin' });
    expect(r.status).toBe(200);
    expect(r.text).toMatch(/Logged out/);
    expect(r.text).toMatch(/responses are saved/);
    expect((await w.get('/api/me')).status).toBe(401);
  });
});
