/**
 * Reads a WebVTT or SubRip caption text into dialogue turns (speaker, text, start, end), as Potato accepts either
 * in place of an audio dialogue's turn list. A text that is neither gives undefined, so the caller shows it as text.
 */
export interface CaptionTurn {
  speaker?: string;
  text: string;
  start: number;
  end: number;
}

const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})\s*-->\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})/;
const VOICE = /^<v(?:\.[^\s>]*)?\s+([^>]+)>/;
const NAME_PREFIX = /^([^:\n<]{1,40}):\s+([\s\S]*)$/;

function toSeconds(stamp: string): number {
  const parts = stamp.replace(',', '.').split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/** The cue's speaker from a `<v Name>` tag (WebVTT) or a `Name:` prefix, and its text without markup. */
function cueTurn(lines: string[], start: number, end: number, vtt: boolean): CaptionTurn | undefined {
  let raw = lines.join('\n').trim();
  let speaker: string | undefined;
  const voice = vtt ? VOICE.exec(raw) : null;
  if (voice) {
    speaker = voice[1]!.trim();
    raw = raw.slice(voice[0].length);
  }
  // captions carry styling tags (<i>, <c.x>, </v>); the turn's text is shown as plain text
  let text = raw.replace(/<[^>]*>/g, '').trim();
  if (!speaker) {
    const named = NAME_PREFIX.exec(text);
    if (named) [speaker, text] = [named[1]!.trim(), named[2]!.trim()];
  }
  if (!text) return undefined;
  return speaker ? { speaker, text, start, end } : { text, start, end };
}

export function parseCaptions(source: string): CaptionTurn[] | undefined {
  const body = source.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n');
  const vtt = /^WEBVTT(?:[ \t]|\n|$)/.test(body);
  const turns: CaptionTurn[] = [];
  for (const block of body.split(/\n[ \t]*\n+/)) {
    const lines = block.split('\n').filter((l) => l.trim() !== '');
    const at = lines.findIndex((l) => TIMING.test(l));
    if (at < 0 || at > 1) continue; // a header, NOTE, STYLE or REGION block, or no cue
    const [, from, to] = TIMING.exec(lines[at]!)!;
    const start = toSeconds(from!);
    const end = toSeconds(to!);
    if (!(end >= start)) continue;
    const turn = cueTurn(lines.slice(at + 1), start, end, vtt);
    if (turn) turns.push(turn);
  }
  return turns.length ? turns : undefined;
}
