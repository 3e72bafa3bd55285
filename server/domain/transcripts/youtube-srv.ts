/**
 * YouTube's XML captions read into timed turns: srv1 (`<transcript><text start dur>`, seconds) and srv2/srv3
 * (`<timedtext>` with `<text t d>` or `<p t d>`, milliseconds). They name no speaker beyond a `Name:` prefix.
 */
import type { CaptionTurn } from './captions.js';
import { decodeEntities, elements, textOf } from './xml-text.js';

const NAME_PREFIX = /^([^:\n<]{1,40}):\s+([\s\S]*)$/;

export function isYoutubeSrv(text: string): boolean {
  return /^\s*(?:<\?xml[^>]*\?>\s*)?<(transcript|timedtext)\b/.test(text);
}

export function parseYoutubeSrv(text: string): CaptionTurn[] | undefined {
  if (!isYoutubeSrv(text)) return undefined;
  const cues = [
    ...elements(text, 'text').map((e) => ({ ...e, ms: !('start' in e.attributes) })),
    ...elements(text, 'p').map((e) => ({ ...e, ms: true })),
  ];
  const turns: CaptionTurn[] = [];
  for (const { attributes: a, inner, ms } of cues) {
    const scale = ms ? 1000 : 1;
    const start = Number(ms ? a.t : a.start) / scale;
    const end = start + Number(ms ? (a.d ?? 0) : (a.dur ?? 0)) / scale;
    // srv1 escapes its text twice (`&amp;#39;` for an apostrophe)
    let body = decodeEntities(textOf(inner));
    if (!Number.isFinite(start) || start < 0 || !(end >= start) || !body) continue;
    const named = NAME_PREFIX.exec(body);
    if (named) {
      body = named[2]!.trim();
      turns.push({ speaker: named[1]!.trim(), text: body, start, end });
    } else turns.push({ text: body, start, end });
  }
  turns.sort((x, y) => x.start - y.start);
  return turns.length ? turns : undefined;
}
