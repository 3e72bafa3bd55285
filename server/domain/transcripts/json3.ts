/**
 * YouTube's json3 captions (`{"events": [{tStartMs, dDurationMs, segs: [{utf8}]}]}`) read into timed turns. Its
 * times are in milliseconds; auto-captions name no speaker, so a `Name:` prefix is the only one read.
 */
import type { CaptionTurn } from './captions.js';

const NAME_PREFIX = /^([^:\n<]{1,40}):\s+([\s\S]*)$/;

export function isJson3(value: unknown): boolean {
  return !!value && typeof value === 'object' && Array.isArray((value as { events?: unknown }).events);
}

export function parseJson3(value: unknown): CaptionTurn[] | undefined {
  if (!isJson3(value)) return undefined;
  const turns: CaptionTurn[] = [];
  for (const event of (value as { events: unknown[] }).events) {
    if (!event || typeof event !== 'object') continue;
    const e = event as { tStartMs?: unknown; dDurationMs?: unknown; segs?: unknown };
    if (!Array.isArray(e.segs) || typeof e.tStartMs !== 'number') continue;
    // auto-captions interleave events that only break the line; they carry no words
    let text = e.segs
      .map((s) => (s && typeof s === 'object' ? String((s as { utf8?: unknown }).utf8 ?? '') : ''))
      .join('')
      .replace(/\s+/g, ' ')
      .trim();
    if (!text) continue;
    const start = e.tStartMs / 1000;
    const end = start + (typeof e.dDurationMs === 'number' && e.dDurationMs > 0 ? e.dDurationMs / 1000 : 0);
    const named = NAME_PREFIX.exec(text);
    if (named) {
      text = named[2]!.trim();
      turns.push({ speaker: named[1]!.trim(), text, start, end });
    } else turns.push({ text, start, end });
  }
  return turns.length ? turns : undefined;
}
