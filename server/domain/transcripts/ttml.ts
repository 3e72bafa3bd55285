/**
 * TTML / DFXP captions (a `<tt>` document) read into timed turns: each `<p>` with a begin and an end (or a duration)
 * is a turn, its speaker from a `ttm:agent` (resolved to the agent's `ttm:name` when the head declares it) or a
 * `speaker` attribute.
 */
import type { CaptionTurn } from './captions.js';
import { elements, textOf } from './xml-text.js';

export function isTtml(text: string): boolean {
  return /^\s*(?:<\?xml[^>]*\?>\s*)?(?:<!--[\s\S]*?-->\s*)*<(?:[\w.-]+:)?tt\b/.test(text);
}

/** A TTML time expression in seconds: clock time (`00:00:01.5`, frames as `:12` at 30 a second) or offset (`1.5s`). */
function seconds(expr: string | undefined, frameRate: number): number | undefined {
  if (!expr) return undefined;
  const clock = /^\s*(\d+):(\d{2}):(\d{2}(?:\.\d+)?)(?::(\d+(?:\.\d+)?))?\s*$/.exec(expr);
  if (clock)
    return Number(clock[1]) * 3600 + Number(clock[2]) * 60 + Number(clock[3]) + Number(clock[4] ?? 0) / frameRate;
  const offset = /^\s*(\d+(?:\.\d+)?)(h|m|s|ms|f)\s*$/.exec(expr);
  if (!offset) return undefined;
  const n = Number(offset[1]);
  return { h: n * 3600, m: n * 60, s: n, ms: n / 1000, f: n / frameRate }[offset[2] as 'h' | 'm' | 's' | 'ms' | 'f'];
}

export function parseTtml(text: string): CaptionTurn[] | undefined {
  if (!isTtml(text)) return undefined;
  const root = elements(text, 'tt')[0]?.attributes ?? {};
  const frameRate = Number(root.frameRate) > 0 ? Number(root.frameRate) : 30;
  const names = new Map<string, string>();
  for (const agent of elements(text, 'agent')) {
    const name = elements(agent.inner, 'name')[0];
    if (agent.attributes.id && name) names.set(agent.attributes.id, textOf(name.inner));
  }
  const turns: CaptionTurn[] = [];
  for (const p of elements(text, 'p')) {
    const a = p.attributes;
    const start = seconds(a.begin, frameRate);
    const end = seconds(a.end, frameRate) ?? (start !== undefined ? start + (seconds(a.dur, frameRate) ?? NaN) : NaN);
    const body = textOf(p.inner);
    if (start === undefined || !(end >= start) || !body) continue;
    const agent = a.agent?.split(/\s+/)[0];
    const speaker = (agent && (names.get(agent) ?? agent)) || a.speaker;
    turns.push(speaker ? { speaker, text: body, start, end } : { text: body, start, end });
  }
  return turns.length ? turns : undefined;
}
