/**
 * Spans by finger. On a phone or tablet a selection is made by press-and-hold and the selection handles, and no
 * mouseup follows it, so the text's mouseup never learns of it. On a device whose primary pointer is a finger this
 * keeps the last selection made inside the text (as character offsets, trimmed of whitespace) for a "Label
 * selected text" button. Tapping that button may collapse the page's selection before its click arrives, so a
 * selection collapsing elsewhere keeps the offsets; a tap inside the text (which deselects) clears them.
 */
import { useEffect, useState, type RefObject } from 'react';
import { offsetIn } from './segments.js';

export interface TextRange {
  start: number;
  end: number;
}

/** A finger is the primary pointer (a touchscreen laptop's is its trackpad). */
export const fingerPointer = (): boolean =>
  typeof window.matchMedia === 'function' && window.matchMedia('(pointer: coarse)').matches;

/** The page's selection as offsets into the text under `el`: null when it is empty, outside, or only whitespace. */
export function selectedRange(el: HTMLElement, text: string): TextRange | null {
  const sel = window.getSelection();
  if (!sel || sel.isCollapsed || sel.rangeCount === 0) return null;
  const range = sel.getRangeAt(0);
  if (!el.contains(range.startContainer) || !el.contains(range.endContainer)) return null;
  let start = offsetIn(el, range.startContainer, range.startOffset, 'start');
  let end = Math.min(text.length, offsetIn(el, range.endContainer, range.endOffset, 'end'));
  // a selection that ends on whitespace should not make a span that starts or ends with it
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return start < end ? { start, end } : null;
}

export function useTouchSelection(root: RefObject<HTMLElement | null>, text: string) {
  const [range, setRange] = useState<TextRange | null>(null);
  useEffect(() => {
    setRange(null);
    if (!fingerPointer()) return;
    const onChange = () => {
      const el = root.current;
      if (!el) return;
      const found = selectedRange(el, text);
      if (found) return setRange(found);
      const sel = window.getSelection();
      if (sel?.anchorNode && el.contains(sel.anchorNode)) setRange(null);
    };
    document.addEventListener('selectionchange', onChange);
    return () => document.removeEventListener('selectionchange', onChange);
  }, [root, text]);
  return { range, clear: () => setRange(null) };
}
