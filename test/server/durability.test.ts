/**
 * The foundation's durability promise, once and in detail: a child-process server killed with SIGKILL in the
 * middle of a burst of submissions, registrations and moves, restarted on the same folder, has every
 * acknowledged change — labels, spans with their ids, accounts with their passwords, sessions, positions — and
 * no file that fails to load. (test/reliability/crash-loop.test.ts repeats a simpler version many times.)
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { spanId } from '../../server/domain/annotation/span-ids.js';
import { JournalStore } from '../../server/storage/journal-store.js';
import { Client } from '../helpers/client.js';
import { sampleItems, writeProject } from '../helpers/project.js';
import { spawnServer } from '../helpers/server.js';
import { tempDir } from '../helpers/temp-dir.js';

const ANNOTATORS = ['ann-a', 'ann-b', 'ann-c'];
const ITEMS = 30;
const TEXT = (n: number) => `Item ${n}: the product was great but shipping was slow.`;

type Body = {
  annotations: Record<string, string>;
  span_annotations: { schema: string; name: string; start: number; end: number }[];
};
type Entry = { acked?: Body; inFlight?: Body };

function body(round: number, n: number): Body {
  const start = 8 + (round % 5);
  return {
    annotations: {
      [`sentiment:${['positive', 'negative', 'neutral'][round % 3]}`]: 'true',
      'note:text': `round ${round} of item ${n}`,
    },
    span_annotations: [{ schema: 'evidence', name: round % 2 ? 'pos' : 'neg', start, end: start + 10 }],
  };
}

describe('durability', () => {
  it(
    'keeps every acknowledged change across SIGKILL during a burst, and leaves only loadable files',
    { timeout: 120_000 },
    async () => {
      const config = writeProject({ items: sampleItems(ITEMS) });
      const dataDir = tempDir('marginalia-durable-');
      const args = ['--config', config, '--data-dir', dataDir];
      const server = await spawnServer(args);

      const clients = new Map<string, Client>();
      for (const name of ANNOTATORS) clients.set(name, await new Client(server.url).login(name, `${name}-pw`));
      const books = new Map(ANNOTATORS.map((name) => [name, new Map<number, Entry>()]));
      const registered: string[] = [];
      const moved = new Map<string, string>();
      let acknowledged = 0;
      let stop = false;
      let reached!: () => void;
      const enough = new Promise<void>((r) => (reached = r));
      // kill only once both loops have had writes acknowledged, so every check below has something to check
      const check = () => {
        if (acknowledged >= 60 && moved.size >= 2) reached();
      };
      const acked = () => {
        acknowledged++;
        check();
      };

      const submitters = ANNOTATORS.map(async (name) => {
        const client = clients.get(name)!;
        const book = books.get(name)!;
        for (let round = 0; !stop; round++) {
          const n = 1 + ((round * 7 + name.length) % ITEMS);
          const sent = body(round, n);
          book.set(n, { ...book.get(n), inFlight: sent });
          try {
            const r = await client.post('/updateinstance', { instance_id: `item-${n}`, ...sent });
            expect(r.status, r.text).toBe(200);
            book.set(n, { acked: sent });
            acked();
          } catch (e) {
            if (stop) return; // killed mid-request: its outcome is unknown
            throw e;
          }
        }
      });
      const registrar = (async () => {
        for (let i = 0; !stop; i++) {
          try {
            const client = new Client(server.url);
            const r = await client.postForm('/register', { username: `late-${i}`, password: `late-${i}-pw` });
            expect(r.status, r.text).toBe(200);
            registered.push(`late-${i}`);
            const go = await client.post('/go_to', { go_to: `item-${1 + (i % ITEMS)}` });
            expect(go.status, go.text).toBe(200);
            moved.set(`late-${i}`, `item-${1 + (i % ITEMS)}`);
            check();
          } catch (e) {
            if (stop) return;
            throw e;
          }
        }
      })();

      // kill once enough has been acknowledged, so the test always proves something
      await enough;
      stop = true;
      await server.kill('SIGKILL');
      await Promise.all([...submitters, registrar]);
      expect(acknowledged).toBeGreaterThanOrEqual(60);
      expect(moved.size).toBeGreaterThanOrEqual(2);

      // on disk right after the kill: every journal line parses, except at most a torn last line
      const journals = readdirSync(dataDir).filter((n) => n.endsWith('.jsonl'));
      expect(journals.length).toBeGreaterThan(0);
      for (const name of journals) {
        const lines = readFileSync(join(dataDir, name), 'utf8').split('\n');
        const last = lines.pop()!; // after the final newline: empty, or a torn write
        for (const line of lines) expect(() => JSON.parse(line), `${name}: ${line.slice(0, 80)}`).not.toThrow();
        if (last) expect(() => JSON.parse(last)).toThrow();
      }

      const again = await spawnServer(args);
      try {
        // sessions from before the crash still work
        for (const [name, old] of clients) {
          const client = new Client(again.url);
          client.setCookie('marginalia.sid', old.cookie('marginalia.sid')!);
          client.setCookie('marginalia.sid.sig', old.cookie('marginalia.sid.sig')!);
          expect((await client.get('/api/me')).body.username).toBe(name);
          clients.set(name, client);
        }
        // every acknowledged submission, exactly: labels, spans and span ids
        for (const [name, book] of books) {
          const client = clients.get(name)!;
          for (const [n, entry] of book) {
            const read = await client.get(`/get_annotations?instance_id=item-${n}`);
            const spans = await client.get(`/api/spans/item-${n}`);
            const stored = {
              annotations: read.body.annotations,
              span_annotations: read.body.span_annotations.map(
                ({ schema: scheme, name: label, start, end }: Body['span_annotations'][0]) => ({
                  schema: scheme,
                  name: label,
                  start,
                  end,
                }),
              ),
            };
            const allowed = [entry.acked, entry.inFlight].filter(Boolean) as Body[];
            if (!entry.acked) allowed.push({ annotations: {}, span_annotations: [] });
            expect(allowed, `${name} item-${n}`).toContainEqual(stored);
            for (const span of spans.body.spans) {
              expect(span.id).toBe(spanId(name, `item-${n}`, span.schema, span.label, span.start, span.end));
              expect(span.text).toBe(TEXT(n).slice(span.start, span.end));
            }
          }
        }
        // every acknowledged registration, with its password, and its acknowledged position
        for (const name of registered) {
          const client = new Client(again.url);
          const r = await client.postForm('/auth', { username: name, password: `${name}-pw` });
          expect(r.status, name).toBe(200);
          if (moved.has(name))
            expect((await client.get('/api/current_instance')).body.instance_id).toBe(moved.get(name));
        }
      } finally {
        expect(await again.kill('SIGTERM')).toBe(0);
      }

      // and after a clean stop the folder opens as a store, every line whole
      const store = await JournalStore.open(dataDir);
      expect(store.size('users')).toBeGreaterThanOrEqual(ANNOTATORS.length + registered.length);
      await store.close();
      for (const name of readdirSync(dataDir).filter((n) => n.endsWith('.jsonl'))) {
        for (const line of readFileSync(join(dataDir, name), 'utf8').split('\n').filter(Boolean))
          expect(() => JSON.parse(line)).not.toThrow();
      }
    },
  );
});
