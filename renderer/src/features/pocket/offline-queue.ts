/**
 * Answers given on the card stack while the phone has no connection (Potato's offline queue). They are kept in
 * localStorage per annotator, so a reload or a closed tab keeps them, and sent in the order given once the server
 * can be reached. A later answer to the same item replaces the queued one. A save the server refuses for what it
 * is (a 4xx) is dropped and reported, never retried; a lost session keeps the queue for the next login.
 */
import { api, ApiError } from '../../shared/api/client.js';

export interface QueuedSave {
  instance_id: string;
  annotations: Record<string, string>;
}

const keyOf = (user: string) => `marginalia.pocket.queue.${user}`;
const same = (a: QueuedSave, b: QueuedSave) =>
  a.instance_id === b.instance_id && JSON.stringify(a.annotations) === JSON.stringify(b.annotations);

export function queuedSaves(user: string): QueuedSave[] {
  try {
    const kept: unknown = JSON.parse(localStorage.getItem(keyOf(user)) ?? '[]');
    return Array.isArray(kept) ? (kept as QueuedSave[]) : [];
  } catch {
    return [];
  }
}

function keep(user: string, saves: QueuedSave[]): void {
  if (saves.length) localStorage.setItem(keyOf(user), JSON.stringify(saves));
  else localStorage.removeItem(keyOf(user));
}

/** A failure worth trying again later: no connection, a server that cannot take it now, or a session to renew. */
export const worthKeeping = (e: unknown): boolean =>
  e instanceof ApiError && (e.status === 0 || e.status === 401 || e.status >= 500);

export function enqueue(user: string, save: QueuedSave): void {
  keep(user, [...queuedSaves(user).filter((s) => s.instance_id !== save.instance_id), save]);
}

export const sendSave = (save: QueuedSave) =>
  api.post('/updateinstance', { instance_id: save.instance_id, annotations: save.annotations, span_annotations: [] });

/** the flush under way for each annotator: a second call waits for it instead of sending the same saves twice */
const flushing = new Map<string, Promise<string[]>>();

/** Sends the queue, oldest first, stopping at the first save that still cannot go; gives the refusals. */
export function flushQueue(user: string): Promise<string[]> {
  const running = flushing.get(user);
  if (running) return running;
  const flush = (async () => {
    const refused: string[] = [];
    for (const save of queuedSaves(user)) {
      try {
        await sendSave(save);
      } catch (e) {
        if (worthKeeping(e)) break;
        refused.push(`${save.instance_id}: ${(e as Error).message}`);
      }
      // what was sent or refused leaves the queue; an answer queued meanwhile for the same item stays
      keep(
        user,
        queuedSaves(user).filter((s) => !same(s, save)),
      );
    }
    return refused;
  })().finally(() => flushing.delete(user));
  flushing.set(user, flush);
  return flush;
}
