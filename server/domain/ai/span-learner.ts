/**
 * Learned span suggestions: how often each word fell inside a span of each label, against how often it was seen
 * in texts that got spans at all. Words that annotators mostly marked are suggested, runs of them merged into one
 * span. Counts are additive like the classifier's.
 */
import type { SuggestedSpan } from './provider.js';
import { tokenize, type Token } from './text-features.js';

/** a word must have been marked this often, and in at least this share of its sightings */
const MIN_MARKED = 2;
const MIN_SHARE = 0.5;

export class SpanLearner {
  /** label → word → times marked */
  private readonly marked = new Map<string, Map<string, number>>();
  /** word → times seen in texts with spans */
  private readonly seen = new Map<string, number>();
  documents = 0;

  add(text: string, spans: readonly { label: string; start: number; end: number }[], sign: 1 | -1): void {
    this.documents += sign;
    for (const token of tokenize(text)) {
      bump(this.seen, token.word, sign);
      const span = spans.find((s) => s.start <= token.start && token.end <= s.end);
      if (!span) continue;
      let words = this.marked.get(span.label);
      if (!words) this.marked.set(span.label, (words = new Map()));
      bump(words, token.word, sign);
    }
  }

  /** Spans of `text` made of words annotators usually marked, with the mean share as confidence. */
  suggest(text: string): { spans: SuggestedSpan[]; confidence: number } {
    const picks: { token: Token; label: string; share: number }[] = [];
    for (const token of tokenize(text)) {
      const seen = this.seen.get(token.word) ?? 0;
      let best: { label: string; share: number } | undefined;
      for (const [label, words] of this.marked) {
        const n = words.get(token.word) ?? 0;
        const share = seen ? n / seen : 0;
        if (n >= MIN_MARKED && share >= MIN_SHARE && (!best || share > best.share)) best = { label, share };
      }
      if (best) picks.push({ token, ...best });
    }
    const spans: SuggestedSpan[] = [];
    let shares = 0;
    for (const pick of picks) {
      shares += pick.share;
      const last = spans[spans.length - 1];
      // neighbours of the same label separated by nothing but spaces become one span
      if (last && last.label === pick.label && /^\s*$/.test(text.slice(last.end, pick.token.start))) {
        last.end = pick.token.end;
        last.text = text.slice(last.start, last.end);
      } else
        spans.push({
          label: pick.label,
          start: pick.token.start,
          end: pick.token.end,
          text: text.slice(pick.token.start, pick.token.end),
        });
    }
    return { spans, confidence: picks.length ? shares / picks.length : 0 };
  }
}

function bump(map: Map<string, number>, key: string, by: number): void {
  const next = (map.get(key) ?? 0) + by;
  if (next <= 0) map.delete(key);
  else map.set(key, next);
}
