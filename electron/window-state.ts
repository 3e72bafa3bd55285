/**
 * The window comes back where the user left it, unless that place is no longer on any screen (a monitor was
 * unplugged): then it gets the default size, centred by Electron. Kept in `window-state.json`.
 */
export interface Rect {
  x: number;
  y: number;
  width: number;
  height: number;
}

export interface WindowState {
  bounds?: Rect;
  maximized: boolean;
}

const DEFAULT_SIZE = { width: 1280, height: 860 };
export const MIN_SIZE = { width: 640, height: 480 };

export function parseWindowState(json: unknown): WindowState {
  const o = (json && typeof json === 'object' ? json : {}) as { bounds?: Partial<Rect>; maximized?: unknown };
  const b = o.bounds;
  const bounds =
    b && [b.x, b.y, b.width, b.height].every((n) => typeof n === 'number' && Number.isFinite(n))
      ? (b as Rect)
      : undefined;
  return { bounds, maximized: o.maximized === true };
}

/**
 * The bounds to open with: the saved ones, shrunk to the screen they are on, if enough of the title bar
 * (at least 100×40 pixels) is on one of the screens' work areas to grab it; otherwise the default size.
 */
export function restoreBounds(
  saved: Rect | undefined,
  workAreas: readonly Rect[],
): Rect | { width: number; height: number } {
  if (!saved) return { ...DEFAULT_SIZE };
  const titleBar: Rect = { x: saved.x, y: saved.y, width: saved.width, height: 40 };
  const screen = workAreas.find((area) => {
    const overlap = intersect(titleBar, area);
    return overlap.width >= Math.min(100, saved.width) && overlap.height >= 40;
  });
  if (!screen) return { ...DEFAULT_SIZE };
  return {
    x: saved.x,
    y: saved.y,
    width: Math.max(MIN_SIZE.width, Math.min(saved.width, screen.width)),
    height: Math.max(MIN_SIZE.height, Math.min(saved.height, screen.height)),
  };
}

function intersect(a: Rect, b: Rect): { width: number; height: number } {
  const width = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const height = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return { width: Math.max(0, width), height: Math.max(0, height) };
}
