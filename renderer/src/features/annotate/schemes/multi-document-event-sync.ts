/**
 * The multi_document_event form writes through to the event registry, as Potato's form does (its events are the
 * registry's): New event creates one there, a title or slot is sent when its field is left, a picked event gets this
 * document as a member. Each change carries the version last seen, so one made over a newer change is a 409
 * `stale_write`: the sentence names it with the registry's event as it is now, and the annotator's text stays in
 * the field and the answer until they save it again or take the registry's. The answer keeps the event's id only;
 * versions live here. With the registry off the form is as it was (the answer alone).
 */
import { useState } from 'react';
import { api, ApiError, errorText } from '../../../shared/api/client.js';
import type { RegistryEvent, SessionAnswer } from '../../../shared/api/types.js';
import { useResource } from '../../../shared/api/use-resource.js';

const path = (id: string, what = '') => `/corpus/api/event/${encodeURIComponent(id)}${what}`;

/** Said when the registry refused a change because another came first: what the event holds now. */
export interface StaleNotice {
  current: RegistryEvent;
  /** the change to send again over it */
  retry: () => void;
}

export type Change = { title: string } | { slot: string; value: string };

/** Admins and adjudicators may create events when annotators may not; the session says who is signed in. */
export function useMayOversee(): boolean {
  const me = useResource(['session'], () => api.get<SessionAnswer>('/api/session')).data?.user;
  return Boolean(me && (me.is_admin || me.is_adjudicator));
}

export function useRegistrySync(docId: string, on: boolean) {
  // the picker's key, so one read serves both; none while the registry is off (or not yet known to be on)
  const list = useResource(on ? ['registry-events', docId] : ['registry-off'], () =>
    on ? api.get<{ events: RegistryEvent[] }>('/corpus/api/events').then((r) => r.events) : Promise.resolve([]),
  );
  const [seen, setSeen] = useState<Record<string, number>>({});
  const [stale, setStale] = useState<Record<string, StaleNotice>>({});
  const [failed, setFailed] = useState<Record<string, string>>({});
  const versionOf = (id: string) => seen[id] ?? list.data?.find((e) => e.id === id)?.version;
  const saw = (e: RegistryEvent) => setSeen((v) => ({ ...v, [e.id]: e.version }));
  const clear = (id: string) => {
    setStale(({ [id]: _, ...rest }) => rest);
    setFailed(({ [id]: _, ...rest }) => rest);
  };

  async function send(id: string, what: string, body: object, version = versionOf(id)): Promise<void> {
    try {
      saw(await api.post<RegistryEvent>(path(id, what), { ...body, expected_version: version ?? null }));
      clear(id);
      void list.reload();
    } catch (e) {
      const current =
        e instanceof ApiError && e.status === 409 ? (e.body as { current?: RegistryEvent }).current : null;
      if (current) {
        saw(current);
        setStale((s) => ({ ...s, [id]: { current, retry: () => void send(id, what, body, current.version) } }));
      } else setFailed((f) => ({ ...f, [id]: errorText(e) }));
    }
  }

  return {
    stale,
    failed,
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
    change: (id: string, c: Change) =>
      send(id, 'title' in c ? '/title' : '/slot', 'title' in c ? { title: c.title } : c),
    /** this document joins a picked event (nothing to do if it is a member already) */
    join(e: RegistryEvent) {
      saw(e);
      if (!e.member_doc_ids.includes(docId)) void send(e.id, '/member', { doc_id: docId }, e.version);
    },
    /** the annotator takes the registry's event as it is now */
    dismiss: clear,
  };
}
