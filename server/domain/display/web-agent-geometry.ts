/**
 * Where a web agent acted on its screenshot, as Potato's overlays draw it: the click point (`coordinates`), the
 * target element's box (`element.bbox`, `[x1, y1, x2, y2]`) and the mouse path (`mouse_path`, `[[x, y], …]`), all
 * given in viewport pixels. The page gets them in percent of the viewport, so they scale with the image as drawn;
 * anything past the viewport is clipped to its edge. A step without a usable `viewport` is taken to be 1280×720,
 * the size Potato assumes.
 */

const ASSUMED_VIEWPORT = { width: 1280, height: 720 };

export interface WebGeometry {
  /** the click point, in percent of the viewport */
  pointer?: { x: number; y: number };
  /** the element's box: its top-left corner, width and height, in percent of the viewport */
  box?: { x: number; y: number; width: number; height: number };
  /** the mouse path's points, in percent of the viewport */
  path?: { x: number; y: number }[];
}

type Entry = Record<string, unknown>;
const isEntry = (v: unknown): v is Entry => !!v && typeof v === 'object' && !Array.isArray(v);
const clip = (v: number) => Math.min(100, Math.max(0, v));
/** Percentages are kept to two decimals: finer than a pixel of any screenshot drawn. */
const round = (v: number) => Math.round(v * 100) / 100;

function viewportOf(v: unknown): { width: number; height: number } {
  if (!isEntry(v)) return ASSUMED_VIEWPORT;
  const [width, height] = [Number(v.width), Number(v.height)];
  return Number.isFinite(width) && Number.isFinite(height) && width > 0 && height > 0
    ? { width, height }
    : ASSUMED_VIEWPORT;
}

/** Two finite numbers from `{x, y}` or `[x, y]`, else undefined. */
function pointOf(v: unknown): [number, number] | undefined {
  const xy = Array.isArray(v) ? v.slice(0, 2) : isEntry(v) ? [v.x, v.y] : [];
  if (xy.length < 2 || xy.some((n) => n === null || n === '' || typeof n === 'boolean')) return undefined;
  const [x, y] = xy.map(Number);
  return Number.isFinite(x) && Number.isFinite(y) ? [x, y] : undefined;
}

/** The overlays' geometry of one web agent step (a dict with `coordinates`, `element.bbox`, `mouse_path`). */
export function webGeometry(step: Entry): WebGeometry {
  const view = viewportOf(step.viewport);
  const at = ([x, y]: [number, number]) => ({
    x: round(clip((x / view.width) * 100)),
    y: round(clip((y / view.height) * 100)),
  });
  const out: WebGeometry = {};
  const click = pointOf(step.coordinates);
  if (click) out.pointer = at(click);
  const bbox = isEntry(step.element) ? step.element.bbox : undefined;
  const corners = Array.isArray(bbox) && bbox.length >= 4 ? [pointOf(bbox.slice(0, 2)), pointOf(bbox.slice(2, 4))] : [];
  if (corners[0] && corners[1]) {
    // corners given in either order are the same box
    const a = at([Math.min(corners[0][0], corners[1][0]), Math.min(corners[0][1], corners[1][1])]);
    const b = at([Math.max(corners[0][0], corners[1][0]), Math.max(corners[0][1], corners[1][1])]);
    if (b.x > a.x && b.y > a.y) out.box = { x: a.x, y: a.y, width: round(b.x - a.x), height: round(b.y - a.y) };
  }
  const path = Array.isArray(step.mouse_path) ? step.mouse_path.map(pointOf) : [];
  if (path.length >= 2 && path.every(Boolean)) out.path = path.map((p) => at(p!));
  return out;
}
