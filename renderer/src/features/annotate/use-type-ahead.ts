/**
 * Keys pressed while the screen waits for a move (← to an instance not kept ready, the end of a list) are held and
 * replayed in order once it is shown, one per render so each acts on the screen its predecessors left: pressing ←
 * twice goes back two instances instead of one. Held keys are dropped when the move fails (the annotator must
 * read why) or when they are older than a few seconds (a slow server should not replay keys the annotator has
 * since forgotten).
 */
import { useCallback, useEffect, useRef, useState } from 'react';

const MAX_HELD = 10;
const MAX_AGE_MS = 3_000;

interface Held {
  init: KeyboardEventInit;
  at: number;
}

/** Returns `hold(e)`, for the key handler to call with a key it cannot act on yet. */
export function useTypeAhead(busy: boolean, failed: boolean): (e: KeyboardEvent) => void {
  const held = useRef<Held[]>([]);
  const [replayed, setReplayed] = useState(0);

  const hold = useCallback((e: KeyboardEvent) => {
    if (held.current.length >= MAX_HELD) return;
    const { key, code, shiftKey } = e;
    held.current.push({ init: { key, code, shiftKey, bubbles: true, cancelable: true }, at: performance.now() });
  }, []);

  useEffect(() => {
    if (failed) held.current = [];
  }, [failed]);

  useEffect(() => {
    if (busy) return;
    const now = performance.now();
    held.current = held.current.filter((k) => now - k.at < MAX_AGE_MS);
    const next = held.current.shift();
    if (!next) return;
    let state: 'waiting' | 'sent' | 'cancelled' = 'waiting';
    // after this render's other effects, so the key reaches the key handler bound for the screen now shown
    queueMicrotask(() => {
      if (state === 'cancelled') return;
      state = 'sent';
      (document.activeElement ?? document.body).dispatchEvent(new KeyboardEvent('keydown', next.init));
      setReplayed((n) => n + 1);
    });
    return () => {
      if (state === 'waiting') held.current.unshift(next); // replayed by the next run instead
      state = 'cancelled';
    };
  }, [busy, replayed]);

  return hold;
}
