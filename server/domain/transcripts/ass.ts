/**
 * SubStation Alpha (`.ass`, `.ssa`) subtitles read into timed turns: each `Dialogue:` event of the `[Events]`
 * section, its fields in the order the section's `Format:` line gives, its speaker from the `Name` (SSA: `Actor`)
 * field. Text is the last field, so commas in it stay; override blocks (`{\an8}`) are dropped and `\N` breaks read as
 * spaces.
 */
import type { CaptionTurn } from './captions.js';
import { timedTurn } from './words.js';

const DEFAULT_FORMAT = ['layer', 'start', 'end', 'style', 'name', 'marginl', 'marginr', 'marginv', 'effect', 'text'];

export function isAss(text: string): boolean {
  return /^\s*\[Script Info\]/i.test(text) || (/^\[Events\]/im.test(text) && /^Dialogue:/m.test(text));
}

/** `H:MM:SS.cc` in seconds. */
function clock(stamp: string | undefined): number {
  const m = /^\s*(\d+):(\d{1,2}):(\d{1,2}(?:\.\d+)?)\s*$/.exec(stamp ?? '');
  return m ? Number(m[1]) * 3600 + Number(m[2]) * 60 + Number(m[3]) : NaN;
}

export function parseAss(source: string): CaptionTurn[] | undefined {
  if (!isAss(source)) return undefined;
  let format = DEFAULT_FORMAT;
  let inEvents = false;
  const turns: CaptionTurn[] = [];
  for (const line of source.replace(/^\uFEFF/, '').split(/\r\n?|\n/)) {
    const section = /^\s*\[([^\]]+)\]\s*$/.exec(line);
    if (section) {
      inEvents = section[1]!.trim().toLowerCase() === 'events';
      continue;
    }
    if (!inEvents) continue;
    const field = /^(\w+):\s?(.*)$/.exec(line);
    if (!field) continue;
    if (field[1]!.toLowerCase() === 'format') {
      format = field[2]!.split(',').map((f) => f.trim().toLowerCase());
      continue;
    }
    if (field[1]!.toLowerCase() !== 'dialogue') continue;
    const parts = field[2]!.split(',');
    const values = [...parts.slice(0, format.length - 1), parts.slice(format.length - 1).join(',')];
    const at = (name: string) => values[format.indexOf(name)];
    const text = (at('text') ?? '').replace(/\{[^}]*\}/g, '').replace(/\\[Nn]|\\h/g, ' ');
    const speaker = (at('name') ?? at('actor'))?.trim();
    const turn = timedTurn(text, clock(at('start')), clock(at('end')), speaker || undefined);
    if (turn) turns.push(turn);
  }
  return turns.length ? turns : undefined;
}
