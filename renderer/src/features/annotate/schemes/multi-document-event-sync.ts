/**
 * The multi_document_event form writes through to the event registry, as Potato's form does (its events are the
 * registry's): New event creates one there, a title or slot is sent when its field is left, evidence cited or
 * removed is sent at once, a picked event gets this document as a member and a removed one lets it go. Each
 * change carries the version last seen, so one made over a newer change is a 409 `stale_write`: the sentence
 * names it with the registry's event as it is now, and the annotator's text stays in the answer until they save it
 * again or take the registry's. Changes go one at a time, each with the version the one before left. While the
 * registry cannot be reached they wait, kept on the answer and in this browser (per annotator and document, with
 * the versions they were made over), and are sent when it answers again, by this page or by the next one opened on
 * the document. With the registry off the form is as it was (the answer alone).
 */
import { useEffect, useRef, useState } from 'react';
import { api, ApiError, errorText } from '../../../shared/api/client.js';
import type { RegistryEvent, SessionAnswer } from '../../../shared/api/types.js';
import { useResource } from '../../../shared/api/use-resource.js';

const path = (id: string, what = '') => `/corpus/api/event/${encodeURIComponent(id)}${what}`;
/** how often changes kept while the registry cannot be reached are tried again */
const RETRY_MS = 2_000;

/** A citation of this document's text as the answer holds it. */
export interface Cite {
  slot_name: string;
  span_start: number;
  span_end: number;
  quoted_text?: string;
}

export type Change =
  { title: string } | { slot: string; value: string } | { cite: Cite } | { uncite: Cite } | { attach: boolean };

interface Op {
  id: string;
  change: Change;
}

/** Said when the registry refused changes because another came first: what the event holds now. */
export interface StaleNotice {
  current: RegistryEvent;
  /** whether the refused change was letting this document go (the event is then no longer in the form) */
  detach: boolean;
  /** the changes to send again over it */
  retry: () => void;
}

type Outcome = 'done' | 'unreachable';

const useSessionUser = () => useResource(['session'], () => api.get<SessionAnswer>('/api/session')).data?.user;

/** Admins and adjudicators may create events when annotators may not; the session says who is signed in. */
export function useMayOversee(): boolean {
  const me = useSessionUser();
  return Boolean(me && (me.is_admin || me.is_adjudicator));
}

/** Changes waiting for the registry, and the version of each event they were made over. */
interface Kept {
  ops: Op[];
  versions: Record<string, number | null>;
}
const keptKey = (username: string, docId: string) => `marginalia.registry-waiting.${username}.${docId}`;

function readKept(key: string): Kept | null {
  try {
    const kept = JSON.parse(localStorage.getItem(key) ?? 'null') as Kept | null;
    return kept && Array.isArray(kept.ops) && kept.ops.length ? kept : null;
  } catch {
    return null; // unreadable: nothing to send
  }
}

const sameCite = (docId: string, c: Cite) => (e: RegistryEvent['evidence'][number]) =>
  e.doc_id === docId && e.slot_name === c.slot_name && e.span_start === c.span_start && e.span_end === c.span_end;

/** A registry that does not answer (no connection, or a proxy's 502/503/504) rather than one that refuses. */
const unreachable = (e: unknown) => e instanceof ApiError && (e.status === 0 || e.status >= 502);

export function useRegistrySync(docId: string, on: boolean) {
  // the picker's key, so one read serves both; none while the registry is off (or not yet known to be on)
  const list = useResource(on ? ['registry-events', docId] : ['registry-off'], () =>
    on ? api.get<{ events: RegistryEvent[] }>('/corpus/api/events').then((r) => r.events) : Promise.resolve([]),
  );
  // the newest copy of each event this page has seen; a ref too, for the change queued behind the one in flight
  const known = useRef<Record<string, RegistryEvent>>({});
  const [, setSeenCount] = useState(0);
  const [stale, setStale] = useState<Record<string, StaleNotice>>({});
  const [failed, setFailed] = useState<Record<string, string>>({});
  const waiting = useRef<Op[]>([]);
  const [offline, setOffline] = useState(false);
  const chain = useRef<Promise<unknown>>(Promise.resolve());
  const username = useSessionUser()?.username;
  // restored changes go with the version they were made over, so one made stale meanwhile is said to be
  const madeOver = useRef<Record<string, number | null>>({});

  const eventOf = (id: string): RegistryEvent | undefined => {
    const listed = list.data?.find((e) => e.id === id);
    const seen = known.current[id];
    return seen && (!listed || seen.version >= listed.version) ? seen : listed;
  };
  const saw = (e: RegistryEvent) => {
    known.current = { ...known.current, [e.id]: e };
    setSeenCount((n) => n + 1);
  };
  const clear = (id: string) => {
    setStale(({ [id]: _, ...rest }) => rest);
    setFailed(({ [id]: _, ...rest }) => rest);
  };

  function request({ id, change: c }: Op): Promise<RegistryEvent> | null {
    const expected_version = id in madeOver.current ? madeOver.current[id] : (eventOf(id)?.version ?? null);
    if ('title' in c) return api.post(path(id, '/title'), { title: c.title, expected_version });
    if ('slot' in c) return api.post(path(id, '/slot'), { slot: c.slot, value: c.value, expected_version });
    if ('attach' in c) return api.post(path(id, '/member'), { doc_id: docId, attach: c.attach, expected_version });
    if ('cite' in c) {
      const { slot_name, span_start, span_end, quoted_text } = c.cite;
      const body = { slot: slot_name, doc_id: docId, start: span_start, end: span_end, text: quoted_text };
      return api.post(path(id, '/evidence'), { ...body, expected_version });
    }
    // a citation is removed by its place in the version last seen; one the registry no longer has is done
    const index = eventOf(id)?.evidence.findIndex(sameCite(docId, c.uncite)) ?? -1;
    if (index < 0) return null;
    return api.delete(path(id, `/evidence/${index}?expected_version=${expected_version ?? ''}`));
  }

  async function run(op: Op): Promise<Outcome> {
    try {
      const made = request(op);
      if (made) saw(await made);
      delete madeOver.current[op.id];
      clear(op.id);
      return 'done';
    } catch (e) {
      if (unreachable(e)) return 'unreachable';
      delete madeOver.current[op.id];
      const current =
        e instanceof ApiError && e.status === 409 ? (e.body as { current?: RegistryEvent }).current : null;
      if (current) {
        saw(current);
        setStale((s) => {
          const ops = [...((s[op.id] as Held | undefined)?.ops ?? []), op];
          return { ...s, [op.id]: held(current, ops) };
        });
      } else setFailed((f) => ({ ...f, [op.id]: errorText(e) }));
      return 'done';
    }
  }

  type Held = StaleNotice & { ops: Op[] };
  const held = (current: RegistryEvent, ops: Op[]): Held => ({
    current,
    ops,
    detach: ops.some((o) => 'attach' in o.change && !o.change.attach),
    retry: () => {
      clear(current.id);
      ops.forEach((o) => enqueue(o));
    },
  });

  /** Sends the changes in order after those before them; while the registry cannot be reached they wait. */
  function enqueue(...ops: Op[]): Promise<void> {
    const next = chain.current.then(async () => {
      for (const [n, op] of ops.entries()) {
        if (waiting.current.length || (await run(op)) === 'unreachable') {
          waiting.current.push(...ops.slice(n));
          keep();
          setOffline(true);
          return;
        }
      }
      void list.reload();
    });
    chain.current = next.catch(() => undefined);
    return next;
  }

  // what waits is tried again until the registry answers, then the rest in order; the timer reads this render's run
  const latest = useRef({ run, reload: list.reload, keep });
  latest.current = { run, reload: list.reload, keep };
  useEffect(() => {
    if (!offline) return;
    const timer = setInterval(() => {
      chain.current = chain.current.then(async () => {
        while (waiting.current.length) {
          if ((await latest.current.run(waiting.current[0])) === 'unreachable') return;
          waiting.current.shift();
          latest.current.keep();
        }
        setOffline(false);
        void latest.current.reload();
      });
    }, RETRY_MS);
    return () => clearInterval(timer);
  }, [offline]);

  /** Writes what waits to this browser's storage, so closing the page does not lose it. */
  function keep() {
    if (!username) return;
    const key = keptKey(username, docId);
    if (!waiting.current.length) return localStorage.removeItem(key);
    const versions: Kept['versions'] = {};
    for (const { id } of waiting.current)
      versions[id] ??= id in madeOver.current ? madeOver.current[id] : (eventOf(id)?.version ?? null);
    localStorage.setItem(key, JSON.stringify({ ops: waiting.current, versions } satisfies Kept));
  }

  // changes a page closed while they waited are sent by the next page on the document, after what it has queued;
  // once the events are listed, since a removed citation is found by its place in the event
  const loaded = list.data !== undefined;
  const restored = useRef(new Set<string>());
  useEffect(() => {
    if (!on || !username || !loaded) return;
    const key = keptKey(username, docId);
    const kept = restored.current.has(key) ? null : readKept(key);
    restored.current.add(key);
    if (!kept) return;
    madeOver.current = { ...kept.versions, ...madeOver.current };
    waiting.current.push(...kept.ops);
    setOffline(true);
  }, [on, username, docId, loaded]);

  return {
    stale,
    failed,
    /** true while changes wait for the registry to answer again */
    offline,
    /** the registry's event as last seen (from the list or a change's answer) */
    eventOf,
    /** creates an event with this document as its first member; null (and the reason said) when refused */
    async create(): Promise<RegistryEvent | null> {
      try {
        const made = await api.post<RegistryEvent>('/corpus/api/event', { doc_id: docId });
        saw(made);
        void list.reload();
        setFailed(({ '': _, ...rest }) => rest);
        return made;
      } catch (e) {
        setFailed((f) => ({ ...f, '': `No event was made: ${errorText(e)}` }));
        return null;
      }
    },
    change: (id: string, ...changes: Change[]) => enqueue(...changes.map((change) => ({ id, change }))),
    /** this document joins a picked event (nothing to do if it is a member already) */
    join(e: RegistryEvent) {
      saw(e);
      if (!e.member_doc_ids.includes(docId)) void enqueue({ id: e.id, change: { attach: true } });
    },
    /** the annotator takes the registry's event as it is now */
    dismiss: clear,
  };
}
