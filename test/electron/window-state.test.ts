import { describe, expect, it } from 'vitest';
import { MIN_SIZE, parseWindowState, restoreBounds } from '../../electron/window-state.js';

/** the window a first run opens, and where one that no longer fits a screen goes back to */
const DEFAULT_SIZE = { width: 1280, height: 860 };

const laptop = { x: 0, y: 0, width: 1440, height: 875 };
const monitorRight = { x: 1440, y: 0, width: 2560, height: 1415 };

describe('restoreBounds', () => {
  it('gives the default size on first run', () => {
    expect(restoreBounds(undefined, [laptop])).toEqual(DEFAULT_SIZE);
  });

  it('brings the window back where it was when that place is on a screen', () => {
    const saved = { x: 1600, y: 100, width: 1800, height: 1100 };
    expect(restoreBounds(saved, [laptop, monitorRight])).toEqual(saved);
  });

  it('falls back to the default when the screen it was on is gone (monitor unplugged)', () => {
    expect(restoreBounds({ x: 1600, y: 100, width: 1800, height: 1100 }, [laptop])).toEqual(DEFAULT_SIZE);
  });

  it('needs enough of the title bar on a screen to grab it', () => {
    expect(restoreBounds({ x: 1400, y: 10, width: 800, height: 600 }, [laptop])).toEqual(DEFAULT_SIZE); // 40 px showing
    // 140 px showing
    expect(restoreBounds({ x: 1300, y: 10, width: 800, height: 600 }, [laptop])).toMatchObject({ x: 1300, y: 10 });
    // title bar above the screen
    expect(restoreBounds({ x: 100, y: -30, width: 800, height: 600 }, [laptop])).toEqual(DEFAULT_SIZE);
  });

  it('shrinks a window larger than its screen, but not below the minimum size', () => {
    expect(restoreBounds({ x: 0, y: 0, width: 3000, height: 2000 }, [laptop])).toEqual({
      x: 0,
      y: 0,
      width: 1440,
      height: 875,
    });
    expect(restoreBounds({ x: 0, y: 0, width: 10, height: 10 }, [laptop])).toMatchObject(MIN_SIZE);
  });
});

describe('parseWindowState', () => {
  it('reads what it wrote and ignores junk', () => {
    expect(parseWindowState({ bounds: { x: 1, y: 2, width: 3, height: 4 }, maximized: true })).toEqual({
      bounds: { x: 1, y: 2, width: 3, height: 4 },
      maximized: true,
    });
    expect(parseWindowState({ bounds: { x: 1, y: 2, width: '3', height: 4 }, maximized: 'yes' })).toEqual({
      bounds: undefined,
      maximized: false,
    });
    expect(parseWindowState({ bounds: { x: 1, y: 2, width: Infinity, height: 4 } })).toEqual({
      bounds: undefined,
      maximized: false,
    });
    expect(parseWindowState(null)).toEqual({ bounds: undefined, maximized: false });
    expect(parseWindowState([1, 2])).toEqual({ bounds: undefined, maximized: false });
  });
});
