/**
 * AWS Transcribe's job output (`{"results": {…}}`) read into timed turns: its `audio_segments` when the job wrote
 * them, else the `items` word stream grouped by speaker change and pause (`words.ts`), each word's speaker from the
 * item's own `speaker_label` or the `speaker_labels` segment its start falls in. Punctuation items join the word
 * before them. Times are seconds, written as strings.
 */
import type { CaptionTurn } from './captions.js';
import { groupWords, record, seconds, speakerLabel, timedTurn, type Word } from './words.js';

const results = (value: unknown) => record(record(value)?.results);

function isAwsTranscribe(value: unknown): boolean {
  const r = results(value);
  return !!r && (Array.isArray(r.items) || Array.isArray(r.audio_segments)) && !('channels' in r);
}

function fromSegments(segments: unknown[]): CaptionTurn[] {
  return segments.flatMap((s) => {
    const o = record(s) ?? {};
    const turn = timedTurn(o.transcript, seconds(o.start_time), seconds(o.end_time), speakerLabel(o.speaker_label));
    return turn ? [turn] : [];
  });
}

/** Who speaks at a time, by the diarization segments (`speaker_labels.segments`). */
function speakerAt(r: Record<string, unknown>): (time: number) => string | undefined {
  const segments = record(r.speaker_labels)?.segments;
  const spans = (Array.isArray(segments) ? segments : []).flatMap((s) => {
    const o = record(s);
    const speaker = speakerLabel(o?.speaker_label);
    return o && speaker ? [{ start: seconds(o.start_time), end: seconds(o.end_time), speaker }] : [];
  });
  return (time) =>
    spans.find((s) => time >= s.start && time < s.end)?.speaker ?? spans.find((s) => time === s.end)?.speaker;
}

function fromItems(r: Record<string, unknown>, items: unknown[]): CaptionTurn[] {
  const speakerOf = speakerAt(r);
  const words = items.flatMap((item): Word[] => {
    const o = record(item);
    const text = record(Array.isArray(o?.alternatives) ? o.alternatives[0] : undefined)?.content;
    if (!o || typeof text !== 'string') return [];
    if (o.type === 'punctuation') return [{ text, start: NaN, end: NaN, attach: true }];
    const start = seconds(o.start_time);
    const speaker = speakerLabel(o.speaker_label) ?? speakerOf(start);
    return [{ text, start, end: seconds(o.end_time), ...(speaker ? { speaker } : {}) }];
  });
  return groupWords(words);
}

export function parseAwsTranscribe(value: unknown): CaptionTurn[] | undefined {
  if (!isAwsTranscribe(value)) return undefined;
  const r = results(value)!;
  const segments = Array.isArray(r.audio_segments) && r.audio_segments.length ? r.audio_segments : undefined;
  const turns = segments ? fromSegments(segments) : fromItems(r, Array.isArray(r.items) ? r.items : []);
  return turns.length ? turns : undefined;
}
