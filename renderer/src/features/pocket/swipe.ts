/**
 * Swiping the card, as in Potato's Pocket Mode: left for the next card, right for the previous one. Only touch and
 * pen gestures count (a mouse drag on the card selects text; the arrow buttons serve a mouse), and only a stroke
 * that went clearly farther sideways than up or down, so scrolling a long text stays a scroll: the card leaves
 * vertical panning to the browser (`touch-action: pan-y` in pocket.css).
 */
import { useRef, type PointerEvent } from 'react';

/** how far sideways a stroke must go to turn the card, in CSS pixels */
const MIN_DISTANCE = 60;

export function useSwipe(onLeft: () => void, onRight: () => void) {
  const start = useRef<{ id: number; x: number; y: number } | null>(null);
  return {
    onPointerDown: (e: PointerEvent) => {
      start.current = e.isPrimary && e.pointerType !== 'mouse' ? { id: e.pointerId, x: e.clientX, y: e.clientY } : null;
    },
    onPointerUp: (e: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || from.id !== e.pointerId) return;
      const dx = e.clientX - from.x;
      const dy = e.clientY - from.y;
      if (Math.abs(dx) < MIN_DISTANCE || Math.abs(dx) < 2 * Math.abs(dy)) return;
      if (dx < 0) onLeft();
      else onRight();
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };
}
