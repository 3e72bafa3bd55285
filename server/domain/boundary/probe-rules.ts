/**
 * Boundary probes made by rule, with no model: small lexical edits of an item's text. `flip` edits aim to cross
 * a label's boundary (a negation toggled, an intensifier swapped, a politeness marker added or taken away, the
 * punctuation heated or cooled); `invariance` edits keep the meaning (contractions written out or made, a
 * greeting added), so a consistent annotator holds their label on them. Each rule gives its edit or nothing, in a
 * fixed order, so the same text always gets the same probes.
 */

export type ProbeKind = 'flip' | 'invariance';

export interface ProbeDraft {
  text: string;
  kind: ProbeKind;
  edit_hint: string;
}

type Rule = { kind: ProbeKind; hint: string; edit: (text: string) => string | null };

/** Replaces the first whole-word match (any case) of `from`, keeping a capital first letter. */
function swapWord(text: string, from: string, to: string): string | null {
  const re = new RegExp(`\\b${from}\\b`, 'i');
  const m = re.exec(text);
  if (!m) return null;
  const capital = m[0][0] !== m[0][0].toLowerCase();
  const cased = capital && to ? to[0].toUpperCase() + to.slice(1) : to;
  let out = (text.slice(0, m.index) + cased + text.slice(m.index + m[0].length)).replace(/ {2,}/g, ' ');
  if (!to) out = out.replace(/ ([.,!?;:])/g, '$1');
  // a capitalised first word taken away hands its capital to the next
  return capital && !to && m.index === 0 ? out.trimStart().replace(/^./, (c) => c.toUpperCase()) : out;
}

function firstOf(text: string, pairs: readonly (readonly [string, string])[]): string | null {
  for (const [from, to] of pairs) {
    const out = swapWord(text, from, to);
    if (out !== null) return out;
  }
  return null;
}

const NEGATIONS = [
  ["isn't", 'is'],
  ["aren't", 'are'],
  ["don't", 'do'],
  ["doesn't", 'does'],
  ["can't", 'can'],
  ['not', ''],
  ['is', 'is not'],
  ['are', 'are not'],
  ['was', 'was not'],
  ['will', 'will not'],
  ['can', 'cannot'],
] as const;

const INTENSIFIERS = [
  ['very', 'slightly'],
  ['really', 'barely'],
  ['extremely', 'somewhat'],
  ['great', 'okay'],
  ['love', 'tolerate'],
  ['terrible', 'imperfect'],
  ['always', 'sometimes'],
  ['never', 'rarely'],
] as const;

const CONTRACTIONS = [
  ["don't", 'do not'],
  ["doesn't", 'does not'],
  ["isn't", 'is not'],
  ["can't", 'cannot'],
  ["it's", 'it is'],
  ["I'm", 'I am'],
  ["you're", 'you are'],
  ['do not', "don't"],
  ['it is', "it's"],
  ['I am', "I'm"],
] as const;

const trimEnd = (t: string) => t.replace(/\s+$/, '');
const lowerFirst = (t: string) => (/^I\b/.test(t) ? t : t[0].toLowerCase() + t.slice(1));

const RULES: readonly Rule[] = [
  { kind: 'flip', hint: 'toggled a negation', edit: (t) => firstOf(t, NEGATIONS) },
  { kind: 'flip', hint: 'swapped an intensifier', edit: (t) => firstOf(t, INTENSIFIERS) },
  {
    kind: 'flip',
    hint: 'politeness marker',
    edit: (t) => (/\bplease\b/i.test(t) ? swapWord(t, 'please', '') : t ? `Please ${lowerFirst(t)}` : null),
  },
  {
    kind: 'flip',
    hint: 'punctuation heat',
    edit: (t) => (/!/.test(t) ? t.replace(/!+/g, '.') : t ? `${trimEnd(t).replace(/[.?]$/, '')}!!!` : null),
  },
  { kind: 'invariance', hint: 'contraction', edit: (t) => firstOf(t, CONTRACTIONS) },
  {
    kind: 'invariance',
    hint: 'added a greeting',
    edit: (t) => (t && !/^(hi|hello)\b/i.test(t) ? `Hi, ${lowerFirst(t)}` : null),
  },
];

/** Every rule's edit of the text that changes it, in the rules' order, without repeats. */
export function ruleProbes(text: string): ProbeDraft[] {
  const seen = new Set([text]);
  const out: ProbeDraft[] = [];
  for (const rule of RULES) {
    const edited = rule.edit(text);
    if (edited === null || seen.has(edited)) continue;
    seen.add(edited);
    out.push({ text: edited, kind: rule.kind, edit_hint: rule.hint });
  }
  return out;
}
