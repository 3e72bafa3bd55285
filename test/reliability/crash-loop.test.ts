/**
 * The crash loop: a child server under concurrent submissions from several annotators is killed with SIGKILL at
 * a random moment, restarted on the same data folder, again and again. After each restart every acknowledged
 * submission is there with its exact content, every file loads, and the admin overview counts what is stored. The
 * restart is started the moment the signal is sent, without waiting for the killed process to be gone: its lock
 * must be taken over, not refused. CRASH_CYCLES (default 20; `npm run test:crash` runs 100) and CRASH_SEED replay
 * a run.
 */
import { describe, expect, it } from 'vitest';
import { spawnServer } from '../helpers/server.js';
import { Client } from '../helpers/client.js';
import { writeProject, sampleItems } from '../helpers/project.js';
import { tempDir } from '../helpers/temp-dir.js';
import { seededRandom } from '../../server/domain/seeded-random.js';

const CYCLES = Number(process.env.CRASH_CYCLES ?? 20);
const SEED = Number(process.env.CRASH_SEED ?? 7);
const ANNOTATORS = 4;
const LABELS = ['positive', 'negative', 'neutral'];

type Sent = { annotations: Record<string, string> };
/** per annotator and instance: the last acknowledged body, and a body in flight when the server died */
type Book = Map<string, { acked?: Sent; inFlight?: Sent }>;

describe('crash loop', () => {
  it(
    `loses no acknowledged submission across ${CYCLES} SIGKILL cycles`,
    { timeout: 60_000 + CYCLES * 15_000 },
    async () => {
      const random = seededRandom(SEED);
      const config = writeProject({ items: sampleItems(40), config: { admin_api_key: 'crash-loop-admin-key' } });
      const dataDir = tempDir('marginalia-crash-');
      const args = ['--config', config, '--data-dir', dataDir];
      const books = new Map<string, Book>();
      const clients = new Map<string, Client>();
      let acknowledged = 0;

      let next = spawnServer(args);
      for (let cycle = 0; cycle < CYCLES; cycle++) {
        const server = await next;
        // sessions survive restarts: first cycle registers, later cycles reuse the cookie of a new base URL
        for (let a = 0; a < ANNOTATORS; a++) {
          const name = `annotator-${a}`;
          const client = new Client(server.url);
          const previous = clients.get(name);
          if (previous) {
            client.setCookie('marginalia.sid', previous.cookie('marginalia.sid')!);
            client.setCookie('marginalia.sid.sig', previous.cookie('marginalia.sid.sig')!);
            expect((await client.get('/api/me')).body.username, 'session survives restart').toBe(name);
          } else await client.login(name, `${name}-password`);
          clients.set(name, client);
          if (!books.has(name)) books.set(name, new Map());
        }

        // every acknowledged write from earlier cycles is there, exactly, and the admin counts agree with it
        await verify(clients, books);
        await checkOverview(server.url, books);

        // a burst of submissions; the kill comes at a random moment inside it, once one of them was acknowledged
        let stop = false;
        const before = acknowledged;
        const loops = [...clients].map(async ([name, client]) => {
          const book = books.get(name)!;
          while (!stop) {
            const instance = `item-${1 + Math.floor(random() * 40)}`;
            const body: Sent = {
              annotations: {
                [`sentiment:${LABELS[Math.floor(random() * 3)]}`]: 'true',
                'note:text': `c${cycle}-${random().toString(36).slice(2, 8)}`,
              },
            };
            const entry = book.get(instance) ?? {};
            book.set(instance, { ...entry, inFlight: body });
            try {
              const r = await client.post('/updateinstance', { instance_id: instance, ...body });
              if (r.status !== 200) throw new Error(`submission refused: ${r.status} ${r.text}`);
              book.set(instance, { acked: body });
              acknowledged++;
            } catch (e) {
              if (!stop) throw e;
              return; // the server died mid-request: the outcome of this one is unknown
            }
          }
        });
        // waiting for a write, not a fixed time, so a loaded machine still writes under fire in every cycle
        const firstAck = (async () => {
          while (acknowledged === before) await new Promise((r) => setTimeout(r, 5));
        })();
        await Promise.race([firstAck, Promise.all(loops)]); // a refused submission fails the test here
        await new Promise((r) => setTimeout(r, random() * 400));
        stop = true;
        server.child.kill('SIGKILL');
        next = spawnServer(args); // no waiting for the killed server to exit
        await Promise.all(loops);
      }
      const last = await next;
      for (const client of clients.values()) Object.assign(client, { base: last.url });
      await verify(clients, books);
      await checkOverview(last.url, books);
      await last.kill('SIGTERM');
    },
  );
});

/** After `verify` has settled the books, the overview counts exactly what is stored. */
async function checkOverview(url: string, books: Map<string, Book>) {
  const overview = await new Client(url, { 'x-api-key': 'crash-loop-admin-key' }).get('/admin/api/overview');
  expect(overview.status).toBe(200);
  const stored = [...books.values()].reduce((n, b) => n + [...b.values()].filter((e) => e.acked).length, 0);
  expect(overview.body.total_annotations, 'overview counts what is stored').toBe(stored);
  expect(overview.body.total_users).toBe(ANNOTATORS);
}

async function verify(clients: Map<string, Client>, books: Map<string, Book>) {
  // every read at once: each settles only its own entry, and a read changes nothing the others read
  await Promise.all(
    [...clients].flatMap(([name, client]) =>
      [...books.get(name)!].map(async ([instance, entry]) => {
        const r = await client.get(`/get_annotations?instance_id=${instance}`);
        expect(r.status).toBe(200);
        const stored = r.body.annotations;
        const candidates = [entry.acked?.annotations, entry.inFlight?.annotations].filter(Boolean);
        if (!entry.acked) candidates.push({}); // never acknowledged: absent is fine too
        expect(candidates, `${name} ${instance}`).toContainEqual(stored);
        // settle the book: what is stored now is the acknowledged state from here on
        books.get(name)!.set(instance, Object.keys(stored).length ? { acked: { annotations: stored } } : {});
      }),
    ),
  );
}
