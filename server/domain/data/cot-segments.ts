/**
 * A long chain of thought split into steps, as Potato's `cot_segmentation` does at load so a process-reward scheme
 * has steps to reward: on literal markers (`<step>`, `---`), on numbered lines ("Step 3:", "3.", "3)"), on blank
 * lines, or on sentence ends; `auto` takes the first of those giving two steps or more. No text is dropped: steps
 * shorter than `min_step_chars` join the one before, and past `max_steps` the rest joins the last.
 */

export const COT_STRATEGIES = ['auto', 'markers', 'numbered', 'blank_line', 'sentence'] as const;
type CotStrategy = (typeof COT_STRATEGIES)[number];

export interface CotOptions {
  strategy: CotStrategy;
  markers: string[];
  min_step_chars: number;
  max_steps: number;
  sentences_per_step: number;
}

export const DEFAULT_MARKERS = ['<step>', '<think>', '---'];

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const clean = (parts: string[]) => parts.map((p) => p.trim()).filter(Boolean);

function byMarkers(text: string, markers: string[]): string[] {
  // a tag marker's closing tag (`</step>`) ends a step as well, and is not part of its text
  const closers = markers.filter((m) => /^<[\w-]+>$/.test(m)).map((m) => `</${m.slice(1)}`);
  const all = [...markers, ...closers].filter(Boolean).map(escape);
  return all.length ? clean(text.split(new RegExp(all.join('|')))) : [text.trim()];
}

const NUMBERED = /^\s*(?:(?:step|schritt|paso|étape)\s*\d+\s*[:.)-]|\d+\s*[.)]\s)/i;

function byNumbers(text: string): string[] {
  const steps: string[] = [];
  let current: string[] = [];
  for (const line of text.split('\n')) {
    if (NUMBERED.test(line) && current.some((l) => l.trim())) {
      steps.push(current.join('\n'));
      current = [];
    }
    current.push(line);
  }
  steps.push(current.join('\n'));
  return clean(steps);
}

const byBlankLines = (text: string) => clean(text.split(/\n\s*\n/));

function bySentences(text: string, perStep: number): string[] {
  const sentences = clean(text.split(/(?<=[.!?])\s+(?=["'([]?[A-Z0-9])/));
  const steps: string[] = [];
  for (let i = 0; i < sentences.length; i += perStep) steps.push(sentences.slice(i, i + perStep).join(' '));
  return steps;
}

function split(text: string, o: CotOptions): string[] {
  switch (o.strategy) {
    case 'markers':
      return byMarkers(text, o.markers);
    case 'numbered':
      return byNumbers(text);
    case 'blank_line':
      return byBlankLines(text);
    case 'sentence':
      return bySentences(text, o.sentences_per_step);
    case 'auto':
      for (const way of [() => byMarkers(text, o.markers), () => byNumbers(text), () => byBlankLines(text)]) {
        const steps = way();
        if (steps.length >= 2) return steps;
      }
      return bySentences(text, o.sentences_per_step);
  }
}

/** The steps of `text`; an empty text has none. */
export function segmentCot(text: string, o: CotOptions): string[] {
  const steps = split(text, o);
  const merged: string[] = [];
  for (const s of steps) {
    if (merged.length && s.length < o.min_step_chars) merged[merged.length - 1] += `\n${s}`;
    else merged.push(s);
  }
  // a short first step joins the next rather than standing alone
  if (merged.length > 1 && merged[0].length < o.min_step_chars) merged.splice(0, 2, `${merged[0]}\n${merged[1]}`);
  if (merged.length > o.max_steps) merged.splice(o.max_steps - 1, Infinity, merged.slice(o.max_steps - 1).join('\n'));
  return merged;
}
