/**
 * Opening the card stack again without a connection. The server's service worker (at /pocket/sw.js, scope
 * /pocket) keeps the page and what it starts from; this keeps the batch of cards as the phone last showed it
 * (answers given, card reached), per annotator, so a reopened page continues where it was instead of asking the
 * server for a batch it cannot reach. All of it is forgotten at logout, so a shared phone shows the next person
 * nothing of the last one's.
 */
import { useEffect } from 'react';
import { POCKET_CACHE } from '../../../../shared/pocket-offline.js';
import type { PocketBatch } from '../../shared/api/types.js';

const keyOf = (user: string) => `marginalia.pocket.batch.${user}`;

export interface KeptBatch {
  cards: PocketBatch['items'];
  answers: Record<string, Record<string, Record<string, string>>>;
  at: number;
  progress: { done: number; total: number };
}

/**
 * Registers the worker and links the manifest while the card stack is shown (secure pages only: https or
 * localhost).
 */
export function useOfflinePage(): void {
  useEffect(() => {
    const link = document.createElement('link');
    link.rel = 'manifest';
    link.href = '/pocket/manifest.webmanifest';
    document.head.append(link);
    // a browser without service workers (or a page over plain http on the LAN) still works online
    navigator.serviceWorker?.register('/pocket/sw.js', { scope: '/pocket' }).catch(() => undefined);
    return () => link.remove();
  }, []);
}

export function keptBatch(user: string): KeptBatch | null {
  try {
    const kept = JSON.parse(localStorage.getItem(keyOf(user)) ?? 'null') as KeptBatch | null;
    return kept && Array.isArray(kept.cards) ? kept : null;
  } catch {
    return null;
  }
}

export function keepBatch(user: string, batch: KeptBatch): void {
  try {
    localStorage.setItem(keyOf(user), JSON.stringify(batch));
  } catch {
    // a full storage only costs opening offline; the answers themselves go to the server or the offline queue
  }
}

/**
 * At logout: the kept batch and the worker's copies of the page's reads. Answers still queued are kept for the next
 * login.
 */
export async function forgetPocket(user: string): Promise<void> {
  localStorage.removeItem(keyOf(user));
  if ('caches' in window) await caches.delete(POCKET_CACHE).catch(() => false);
}
