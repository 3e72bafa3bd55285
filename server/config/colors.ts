/** Label colours: from the label itself, `ui.label_colors`, `ui.spans.span_colors`, else a fixed palette. */
import type { ColorMap, Scheme } from '../domain/task.js';

// A colour-blind-friendly palette (Okabe–Ito plus neutrals), in a fixed order so colours are stable.
const PALETTE = [
  '#e69f00',
  '#56b4e9',
  '#009e73',
  '#f0e442',
  '#0072b2',
  '#d55e00',
  '#cc79a7',
  '#999999',
  '#882255',
  '#44aa99',
];

const NAMED: Record<string, string> = {
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  yellow: '#ffff00',
  orange: '#ffa500',
  purple: '#800080',
  pink: '#ffc0cb',
  gray: '#808080',
  grey: '#808080',
  black: '#000000',
  white: '#ffffff',
  brown: '#a52a2a',
  cyan: '#00ffff',
  magenta: '#ff00ff',
  lightblue: '#add8e6',
  lightgreen: '#90ee90',
  teal: '#008080',
};

/** Normalises `#rgb`, `#rrggbb`, `rgb(r,g,b)`, Potato's `(r, g, b)` and common names to `#rrggbb`. */
function normalizeColor(input: string): string | undefined {
  const value = input.trim().toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(value)) return value;
  if (/^#[0-9a-f]{3}$/.test(value)) return '#' + [...value.slice(1)].map((c) => c + c).join('');
  const rgb = /^(?:rgba?)?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$/.exec(value);
  if (rgb) {
    const parts = rgb.slice(1, 4).map(Number);
    if (parts.every((n) => n <= 255)) return '#' + parts.map((n) => n.toString(16).padStart(2, '0')).join('');
    return undefined;
  }
  return NAMED[value];
}

export function buildColorMap(schemes: Scheme[], configured: ColorMap, warn: (m: string) => void): ColorMap {
  const colors: ColorMap = {};
  let next = 0;
  for (const scheme of schemes) {
    const own: Record<string, string> = {};
    for (const label of scheme.labels) {
      const given = label.color ?? configured[scheme.name]?.[label.name];
      const normalized = given === undefined ? undefined : normalizeColor(given);
      if (given !== undefined && normalized === undefined)
        warn(`ui colours: "${given}" for ${scheme.name}:${label.name} is not a colour; using the palette`);
      own[label.name] = normalized ?? PALETTE[next++ % PALETTE.length];
    }
    colors[scheme.name] = own;
  }
  return colors;
}
