/**
 * Potato's think-aloud parser, rule-based and pure: a label is committed only by a set phrasing ("I label this
 * polite", "my answer is neutral", "final answer impolite"), so talking about a label while thinking commits
 * nothing. The words after a stem are matched to the scheme's labels exact → prefix → similar (≥ 0.8), preferring
 * exact matches and higher similarity, so "polite" never fuzzily becomes "Impolite" and a mishearing such as
 * "in polite" still does. Hesitation is counted with a filler lexicon, by arithmetic.
 */
import { distance } from 'fastest-levenshtein';

/** Potato's accepted phrasings; each captures what follows it. */
const DEFAULT_STEMS: readonly string[] = [
  String.raw`\bi(?:'d| would)? label (?:this|it)(?: as)?`,
  String.raw`\bi(?:'d| would)? call (?:this|it)`,
  String.raw`\bmy (?:final )?answer(?: is)?`,
  String.raw`\bfinal answer(?: is)?`,
  String.raw`\bi(?:'ll| will)? go with`,
  String.raw`\bi(?:'m| am) going with`,
];

const DEFAULT_FILLERS: readonly string[] = ['um', 'uh', 'uhm', 'erm', 'er', 'hmm', 'i guess', 'maybe'];

/** The least similarity (1 − edit distance / longer length) at which heard words are taken for a label. */
const SIMILAR = 0.8;

export interface Detection {
  label: string;
  /** the phrase that committed it, as heard: stem and label words */
  stem_text: string;
  /** 1 for an exact match, 0.9 for a prefix, else the similarity */
  confidence: number;
}

interface Commitment extends Detection {
  start: number;
  end: number;
}

export class SpokenLabels {
  private readonly stems: RegExp[];
  private readonly fillers: RegExp | null;

  constructor(
    private readonly labels: readonly string[],
    stems: readonly string[] = DEFAULT_STEMS,
    fillers: readonly string[] = DEFAULT_FILLERS,
  ) {
    this.stems = stems.map((s) => new RegExp(`(?:${s})[\\s,:.-]*`, 'giu'));
    const words = fillers.map((f) => f.trim()).filter(Boolean);
    this.fillers = words.length
      ? new RegExp(`\\b(?:${words.map((w) => w.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')).join('|')})\\b`, 'giu')
      : null;
  }

  /**
   * The last label committed in `text` whose phrase ends after `from` (the start of the newest chunk in a
   * window of two), or null: last commitment wins.
   */
  detect(text: string, from = 0): Detection | null {
    const all = this.commitments(text).filter((c) => c.end > from);
    const last = all[all.length - 1];
    return last ? { label: last.label, stem_text: last.stem_text, confidence: last.confidence } : null;
  }

  /** The transcript with every commitment phrase cut out: what remains is the annotator's thinking. */
  rationale(text: string): string {
    let out = '';
    let at = 0;
    for (const c of this.commitments(text)) {
      out += text.slice(at, c.start);
      at = c.end;
    }
    return (out + text.slice(at)).replace(/\s+/g, ' ').trim();
  }

  fillerCount(text: string): number {
    return this.fillers ? (text.match(this.fillers)?.length ?? 0) : 0;
  }

  /** Every commitment in order of where it starts; overlapping ones keep the earlier start. */
  private commitments(text: string): Commitment[] {
    const found: Commitment[] = [];
    for (const stem of this.stems) {
      stem.lastIndex = 0;
      for (let m = stem.exec(text); m; m = stem.exec(text)) {
        const after = m.index + m[0].length;
        const match = this.matchLabel(text.slice(after));
        if (match) {
          const end = after + match.length;
          found.push({
            label: match.label,
            confidence: match.confidence,
            start: m.index,
            end,
            stem_text: text.slice(m.index, end).trim(),
          });
        }
        if (m[0].length === 0) stem.lastIndex++;
      }
    }
    found.sort((a, b) => a.start - b.start || b.end - a.end);
    return found.filter((c, i) => i === 0 || c.start >= found[i - 1].end);
  }

  /** The label the words at the start of `rest` name, and how many characters of `rest` they take. */
  private matchLabel(rest: string): { label: string; confidence: number; length: number } | null {
    const words = [...rest.matchAll(/[\p{L}\p{N}'-]+/gu)].slice(0, 4);
    if (words.length === 0) return null;
    let best: { label: string; confidence: number; length: number; rank: number } | null = null;
    for (const label of this.labels) {
      const target = norm(label);
      const n = Math.max(1, label.trim().split(/\s+/).length);
      // the label's own number of words, and one more for a mishearing that splits a word ("in polite")
      for (const take of [n, n + 1]) {
        if (take > words.length) continue;
        const heard = words
          .slice(0, take)
          .map((w) => norm(w[0]))
          .join(' ');
        const last = words[take - 1];
        const length = (last.index ?? 0) + last[0].length;
        const joined = heard.replace(/ /g, '');
        const flat = target.replace(/ /g, '');
        let confidence = 0;
        let rank = 0;
        if (heard === target) [confidence, rank] = [1, 3];
        else if (take === n && (joined.startsWith(flat) || (joined.length >= 4 && flat.startsWith(joined))))
          [confidence, rank] = [0.9, 2];
        else {
          const similarity = 1 - distance(joined, flat) / Math.max(joined.length, flat.length);
          if (similarity >= SIMILAR) [confidence, rank] = [similarity, 1];
        }
        if (rank && (!best || rank > best.rank || (rank === best.rank && confidence > best.confidence)))
          best = { label, confidence: Math.round(confidence * 1000) / 1000, length, rank };
      }
    }
    return best && { label: best.label, confidence: best.confidence, length: best.length };
  }
}

const norm = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^\p{L}\p{N}\s]/gu, '')
    .trim()
    .replace(/\s+/g, ' ');
