/**
 * Two server processes (the CLI, each with its own data folder) on one PostgreSQL schema behind a round-robin
 * proxy, so that consecutive requests of one annotator land on different processes: sessions hold on both, no
 * write is lost or duplicated, no instance is handed out past num_annotators_per_item, each webhook delivery
 * reaches a real receiver once, and both processes report the same admin counts. Then `kill -9` of one process
 * in the middle of a burst: the other keeps serving, and every write acknowledged before is there. And a request
 * whose write collided with the other process's runs again without what it causes (a webhook) happening twice.
 * And the other process's answers reach every count, index and learner without the services being composed again.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import { Client } from '../../../helpers/client.js';
import { writeProject, sampleItems } from '../../../helpers/project.js';
import { spawnServer, type ChildServer } from '../../../helpers/server.js';
import { startReceiver } from '../../../helpers/webhook-receiver.js';
import { startRoundRobinProxy } from '../../../helpers/round-robin-proxy.js';
import { tempDir } from '../../../helpers/temp-dir.js';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { learnableItems } from '../../domain/ai/learnable.js';

const url = inject('postgresUrl');
const cleanup: (() => Promise<unknown>)[] = [];
afterAll(async () => {
  for (const done of cleanup.reverse()) await done().catch(() => undefined);
});

/** `n` server processes on one fresh schema, each with a data folder of its own (as on separate machines) */
async function processes(config: Record<string, unknown>, n = 2, items = sampleItems(30)) {
  const configFile = writeProject({ items, config });
  const schema = `multi_${randomBytes(5).toString('hex')}`;
  const database = `${url}?schema=${schema}`;
  const dataDirs = Array.from({ length: n }, () => tempDir('marginalia-process-'));
  const servers: ChildServer[] = [];
  // one after the other: the first creates the schema and the project's keys, the second finds them
  for (const dataDir of dataDirs) {
    const server = await spawnServer(['--config', configFile, '--data-dir', dataDir, '--database-url', database], {
      ADMIN_API_KEY: '',
    });
    cleanup.push(() => server.kill());
    servers.push(server);
  }
  const proxy = await startRoundRobinProxy(servers.map((s) => s.url));
  cleanup.push(() => proxy.close());
  const adminKey = readFileSync(join(dataDirs[0], 'admin-api-key'), 'utf8').trim();
  return { servers, proxy, dataDirs, adminKey, schema };
}

/** Annotates everything the annotator is handed, through the proxy; returns the instance ids answered. */
async function annotateAll(client: Client): Promise<string[]> {
  const done: string[] = [];
  for (let i = 0; i < 100; i++) {
    const current = await client.get('/api/current_instance');
    // a late annotator finds every instance taken by two others
    if (current.status === 404 && /required number of annotators/.test(current.body.error)) return done;
    expect(current.status).toBe(200);
    if (current.body.annotated) return done;
    const saved = await client.post('/updateinstance', {
      instance_id: current.body.instance_id,
      annotations: { 'sentiment:positive': 'true' },
    });
    expect(saved.status, saved.text).toBe(200);
    done.push(current.body.instance_id);
    expect((await client.post('/go_to', { action: 'jump_to_unannotated' })).status).toBe(200);
  }
  throw new Error('the annotator never reached the end of their list');
}

describe('two server processes on one schema', () => {
  it('serve one project behind a round-robin proxy: sessions, overlap limit, writes, webhooks and counts agree', async () => {
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const { servers, proxy, dataDirs, adminKey } = await processes({
      num_annotators_per_item: 2,
      webhooks: { endpoints: [{ name: 'counter', url: receiver.url, events: ['annotation.created'] }] },
    });
    // the generated admin key is the project's: the second process wrote the same one into its folder
    expect(readFileSync(join(dataDirs[1], 'admin-api-key'), 'utf8').trim()).toBe(adminKey);

    const annotators = Array.from({ length: 5 }, (_, i) => `annotator${i}`);
    const answered = await Promise.all(
      annotators.map(async (name) => {
        const client = await new Client(proxy.url).login(name);
        expect((await client.get('/api/me')).body).toMatchObject({ username: name });
        return annotateAll(client);
      }),
    );
    for (const [, n] of proxy.served) expect(n).toBeGreaterThan(50);

    // every instance annotated by exactly two annotators: 30 items x 2, none past the limit, none lost
    const byInstance = new Map<string, number>();
    for (const list of answered) {
      expect(new Set(list).size).toBe(list.length);
      for (const id of list) byInstance.set(id, (byInstance.get(id) ?? 0) + 1);
    }
    expect(byInstance.size).toBe(30);
    expect([...byInstance.values()].every((n) => n === 2)).toBe(true);

    // both processes report the same, whichever is asked
    for (const server of servers) {
      const admin = new Client(server.url, { 'x-api-key': adminKey });
      const overview = await admin.get('/admin/api/overview');
      expect(overview.status).toBe(200);
      expect(overview.body).toMatchObject({ total_annotations: 60, total_items: 30 });
      const instances = await admin.get('/admin/api/instances?limit=100');
      const counts = instances.body.instances.map(
        (i: { annotation_count?: number; annotations?: number }) => i.annotation_count ?? i.annotations,
      );
      expect(counts.every((n: number) => n === 2)).toBe(true);
    }

    // one delivery per annotation created, each received once
    const received = await receiver.waitFor((r) => r.length >= 60, 30_000);
    await new Promise((r) => setTimeout(r, 1_000)); // a duplicate would come now
    const ids = receiver.requests.map((r) => r.headers['webhook-id']);
    expect(ids).toHaveLength(60);
    expect(new Set(ids).size).toBe(60);
    expect(received.every((r) => r.headers['webhook-id'])).toBe(true);
    for (const server of servers) {
      const stats = await new Client(server.url, { 'x-api-key': adminKey }).get('/admin/api/webhooks');
      expect(stats.body.endpoints[0].stats).toMatchObject({ total_emitted: 60, total_delivered: 60 });
    }
  }, 120_000);

  it('runs a request whose write collided again, and what it causes happens once', async () => {
    const receiver = await startReceiver();
    cleanup.push(() => receiver.close());
    const events = ['annotation.created', 'annotation.updated'];
    const { servers, schema } = await processes({
      webhooks: { endpoints: [{ name: 'counter', url: receiver.url, events }] },
    });
    const [a, b] = [new Client(servers[0].url), new Client(servers[1].url)];
    await a.login('both');
    for (const name of ['marginalia.sid', 'marginalia.sid.sig']) b.setCookie(name, a.cookie(name)!);
    expect((await b.get('/api/me')).body).toMatchObject({ username: 'both' });

    // The test holds the change log's head row locked, so both processes decide on the same state and then wait
    // at their commits; released, one commits first and the other's write collides and its request runs again.
    const db = new pg.Client({ connectionString: url });
    await db.connect();
    cleanup.push(() => db.end());
    const rounds = 4;
    for (let round = 0; round < rounds; round++) {
      const instance_id = `item-${round + 1}`;
      await db.query('BEGIN');
      await db.query(`SELECT id FROM ${schema}.log_head FOR UPDATE`);
      const both = [a, b].map((client, i) =>
        client.post('/updateinstance', {
          instance_id,
          annotations: { [`sentiment:${i ? 'negative' : 'positive'}`]: 'true' },
        }),
      );
      // both commits wait for the lock
      const waiting = async () =>
        Number((await db.query('SELECT count(DISTINCT pid) AS n FROM pg_locks WHERE NOT granted')).rows[0].n);
      for (let i = 0; i < 500 && (await waiting()) < 2; i++) await new Promise((r) => setTimeout(r, 20));
      expect(await waiting()).toBe(2);
      await db.query('COMMIT');
      for (const saved of await Promise.all(both)) expect(saved.status, saved.text).toBe(200);
    }

    // per instance: the first committer's annotation.created and the rerun's annotation.updated, each sent once
    await receiver.waitFor((r) => r.length >= 2 * rounds, 30_000);
    await new Promise((r) => setTimeout(r, 1_000)); // a duplicate would come now
    const sent = receiver.requests.map((r) => `${r.body.event_type} ${r.body.data.instance_id ?? r.body.data.id}`);
    expect(sent.sort()).toEqual(
      Array.from({ length: rounds }, (_, i) => events.map((e) => `${e} item-${i + 1}`))
        .flat()
        .sort(),
    );
    expect(new Set(receiver.requests.map((r) => r.id)).size).toBe(2 * rounds);
  }, 120_000);

  it('keeps serving when one process is killed mid-burst, with nothing acknowledged lost', async () => {
    const { servers, proxy, adminKey } = await processes({});
    const clients = await Promise.all(Array.from({ length: 4 }, (_, i) => new Client(proxy.url).login(`burst${i}`)));
    const acknowledged: { user: string; id: string; label: string }[] = [];
    let killed = false;
    const statuses: number[] = [];
    const burst = clients.map(async (client, c) => {
      for (let round = 0; round < 40; round++) {
        const id = `item-${(round % 30) + 1}`;
        const label = round < 30 ? 'positive' : 'negative';
        if (c === 0 && round === 10 && !killed) {
          killed = true;
          await servers[0].kill('SIGKILL');
        }
        const r = await client
          .post('/updateinstance', { instance_id: id, annotations: { [`sentiment:${label}`]: 'true' } })
          .catch(() => undefined);
        if (r?.status === 200) acknowledged.push({ user: `burst${c}`, id, label });
        else statuses.push(r?.status ?? 0);
      }
    });
    await Promise.all(burst);
    expect(killed).toBe(true);
    // most of the burst went through the survivor; a request cut off by the kill is not acknowledged
    expect(acknowledged.length).toBeGreaterThan(150);
    expect(statuses.every((s) => s === 502 || s === 0)).toBe(true);

    const admin = new Client(servers[1].url, { 'x-api-key': adminKey });
    const exported = await admin.get('/admin/api/export?format=jsonl');
    expect(exported.status).toBe(200);
    const rows = exported.text
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    const last = new Map<string, string>();
    for (const a of acknowledged) last.set(`${a.user}\0${a.id}`, a.label);
    for (const [key, label] of last) {
      const [user, id] = key.split('\0');
      const row = rows.find((r) => (r.user ?? r.username ?? r.annotator) === user && (r.id ?? r.instance_id) === id);
      expect(row, `${user} ${id}`).toBeDefined();
      expect(JSON.stringify(row)).toContain(label);
    }
  }, 120_000);

  it("takes the other process's answers in row by row: counts, progress, search, agreement and the AI follow without composing again", async () => {
    const items = learnableItems(40, 7);
    const { servers, adminKey } = await processes(
      { annotation_schemes: [{ annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative'] }] },
      2,
      items.map(({ id, text }) => ({ id, text })),
    );
    const [a, b] = servers;
    const adminOf = (server: ChildServer) => new Client(server.url, { 'x-api-key': adminKey });
    const recomposed = () => b.output().match(/composing the services again[^\n]*/g) ?? [];
    const [alice, bob, carol] = await Promise.all(['alice', 'bob', 'carol'].map((n) => new Client(a.url).login(n)));
    const carolOnB = await new Client(b.url).login('carol');

    // B builds what it derives lazily first (timeline minutes, agreement index, the AI learner), so the answers
    // below must reach structures that exist rather than ones built from the store at their first use
    const adminB = adminOf(b);
    expect((await adminB.get('/admin/api/timeline')).status).toBe(200);
    expect((await adminB.get('/admin/api/agreement?fresh=true')).body.by_schema.sentiment).toMatchObject({
      items_evaluated: 0,
    });
    const untrained = await carolOnB.get(`/get_ai_suggestion?instance_id=${items[39].id}`);
    expect(untrained.body.suggestions.sentiment.label).toBeNull();
    expect((await adminB.get('/admin/api/search?q=negative')).body.results).toEqual([]);

    // on A: alice answers 20 items, bob 5 of them the same way, carol 3
    const train = items.slice(0, 20);
    const answer = (client: Client, item: (typeof items)[number]) =>
      client
        .post('/updateinstance', { instance_id: item.id, annotations: { [`sentiment:${item.truth}`]: 'true' } })
        .then((r) => expect(r.status, r.text).toBe(200));
    for (const item of train) await answer(alice, item);
    for (const item of train.slice(0, 5)) await answer(bob, item);
    for (const item of train.slice(0, 3)) await answer(carol, item);

    // on B, asked once each after A acknowledged: every figure includes A's answers
    const overview = await adminB.get('/admin/api/overview');
    expect(overview.body).toMatchObject({ total_annotations: 28, total_items: 40 });
    const annotators = (await adminB.get('/admin/api/annotators')).body.annotators;
    const row = (name: string) => annotators.find((r: { username: string }) => r.username === name);
    expect([row('alice').annotated, row('bob').annotated, row('carol').annotated]).toEqual([20, 5, 3]);
    const current = await carolOnB.get('/api/current_instance');
    expect(current.body.annotated_count).toBe(3);
    const timeline = (await adminB.get('/admin/api/timeline')).body.points;
    expect(timeline.at(-1).annotations).toBe(28);
    const agreement = (await adminB.get('/admin/api/agreement?fresh=true')).body.by_schema.sentiment;
    expect(agreement).toMatchObject({ items_evaluated: 5, krippendorff_alpha: 1 });
    const negatives = train.filter((i) => i.truth === 'negative').map((i) => i.id);
    const found = (await adminB.get('/admin/api/search?q=negative')).body.results;
    expect(found.map((r: { instance_id: string }) => r.instance_id).sort()).toEqual(negatives.sort());
    const mine = (await carolOnB.get('/api/search?q=negative')).body.results;
    expect(mine.map((r: { instance_id: string }) => r.instance_id).sort()).toEqual(
      negatives.filter((id) => train.slice(0, 3).some((i) => i.id === id)).sort(),
    );
    let right = 0;
    for (const item of items.slice(20)) {
      const s = (await carolOnB.get(`/get_ai_suggestion?instance_id=${item.id}`)).body.suggestions.sentiment;
      if (s.label === item.truth) right++;
    }
    expect(right / 20).toBeGreaterThanOrEqual(0.9);
    expect(recomposed()).toEqual([]);

    // a change that is not taken in row by row (a setting) makes B compose its services again, and says so
    expect((await adminOf(a).post('/admin/api/config', { 'ai_support.enabled': false })).status).toBe(200);
    expect((await carolOnB.get(`/get_ai_suggestion?instance_id=${items[39].id}`)).status).toBe(400);
    expect(recomposed()).toEqual([expect.stringMatching(/changed settings$/)]);
  }, 120_000);
});
