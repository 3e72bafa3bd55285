/** Selecting instance text in the browser tests: by mouse, or as a finger leaves it. */
import type { Page } from 'playwright-core';

const INSTANCE_TEXT = '[data-testid="instance-text"]';

/**
 * Characters [start, end) of the instance text: where they are on screen, and with `select` made the page's
 * selection, as a finger's press-and-hold and handles leave it (no mouse event follows).
 */
function textRange(p: Page, start: number, end: number, select = false, within = INSTANCE_TEXT) {
  return p.evaluate(
    ([s, e, sel, w]) => {
      const root = document.querySelector(w)!;
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      const at = (offset: number) => {
        let seen = 0;
        for (let n = walker.nextNode(); n; n = walker.nextNode()) {
          const len = n.textContent!.length;
          if (offset <= seen + len) return { node: n, offset: offset - seen };
          seen += len;
        }
        throw new Error('offset past the text');
      };
      const a = at(s);
      walker.currentNode = root;
      const b = at(e);
      const range = document.createRange();
      range.setStart(a.node, a.offset);
      range.setEnd(b.node, b.offset);
      if (sel) {
        getSelection()!.removeAllRanges();
        getSelection()!.addRange(range);
      }
      const rects = range.getClientRects();
      const first = rects[0];
      const last = rects[rects.length - 1];
      return {
        x1: first.left + 1,
        y1: first.top + first.height / 2,
        x2: last.right - 1,
        y2: last.top + last.height / 2,
      };
    },
    [start, end, select, within] as const,
  );
}

/** Selects characters [start, end) of the instance text the way a touch device does, without mouse events. */
export async function selectByFinger(p: Page, start: number, end: number) {
  await textRange(p, start, end, true);
}

/** Drags the mouse across characters [start, end) of the instance text (or of the text element `within` names). */
export async function dragOver(p: Page, start: number, end: number, within = INSTANCE_TEXT) {
  const box = await textRange(p, start, end, false, within);
  await p.mouse.move(box.x1, box.y1);
  await p.mouse.down();
  await p.mouse.move(box.x2, box.y2, { steps: 5 });
  await p.mouse.up();
}
