/**
 * The export formats that carry the places answers mark in the text, over its tokens (CoNLL) or characters
 * (spaCy), apart from the row formats since they share tokenising and overlap rules of their own.
 *
 * CoNLL tokenisation (documented in docs/import-export.md): a token is a run of letters, marks, digits and `_`, or any
 * other single non-space character. A token gets `B-<label>` if it is the first token a span overlaps,
 * `I-<label>` for the following ones, else `O`; one tag column per span scheme. Where spans of one scheme
 * overlap, the one that starts first (the longer on a tie) keeps the shared tokens.
 */
import { invalid } from '../errors.js';
import type { Scheme, Task } from '../task.js';
import type { AnnotationRecord } from '../annotation/records.js';
import { answerByScheme } from '../annotation/payloads.js';
import { schemeModuleOf } from '../schemes/registry.js';
import type { ExportItem } from './export-rows.js';

export const isSpanScheme = (scheme: Scheme) => schemeModuleOf(scheme).storage === 'spans';

interface Token {
  text: string;
  start: number;
  end: number;
}

const TOKEN = /[\p{L}\p{M}\p{N}_]+|[^\s\p{L}\p{M}\p{N}_]/gu;

function tokenize(text: string): Token[] {
  return [...text.matchAll(TOKEN)].map((m) => ({ text: m[0], start: m.index, end: m.index + m[0].length }));
}

/** Span schemes, and the types whose answers mark places in the text (answer spans, errors, evidence). */
const marksText = (scheme: Scheme) => isSpanScheme(scheme) || !!schemeModuleOf(scheme).textSpans;

/**
 * The places a record marks in the text for one scheme: its spans, or what its type's answer marks. Spans of other
 * span target fields are left out: these formats tag the text's tokens (docs/import-export.md says so).
 */
function placesOf(scheme: Scheme, record: AnnotationRecord): { label: string; start: number; end: number }[] {
  if (isSpanScheme(scheme)) return record.spans.filter((s) => s.schema === scheme.name && s.target_field === undefined);
  const chosen = record.labels[scheme.name];
  return chosen ? (schemeModuleOf(scheme).textSpans?.(scheme, chosen) ?? []) : [];
}

/** What a conll or spacy export leaves out on this task: the spans of span target fields other than the text. */
export function textOnlyWarning(task: Task, format: string): string | undefined {
  const fields = [...(task.spanFields?.keys() ?? [])];
  if (!fields.length || (format !== 'conll' && format !== 'spacy')) return undefined;
  return `${format} marks the text field only: spans in the span_target fields ${fields.join(', ')} are left out (jsonl and csv keep them, with target_field)`;
}

export function spanSchemes(task: Task): Scheme[] {
  const schemes = task.schemes.filter(marksText);
  if (!schemes.length) throw invalid('format: conll exports span annotations, and this project has no span scheme');
  return schemes;
}

/** Spans of one scheme with overlaps removed: the earlier start (the longer on a tie) wins. */
function firstWins<T extends { start: number; end: number }>(spans: readonly T[]): T[] {
  const sorted = spans.slice().sort((a, b) => a.start - b.start || b.end - a.end);
  const kept: T[] = [];
  for (const span of sorted) if (!kept.length || span.start >= kept[kept.length - 1].end) kept.push(span);
  return kept;
}

/** One CoNLL document: two comment lines, a `token\ttag…` line per token, a blank line. */
export function conllBlock(schemes: readonly Scheme[], { instance, record }: ExportItem): string {
  const tokens = tokenize(instance.text);
  const columns = schemes.map((scheme) => {
    const tags = tokens.map(() => 'O');
    for (const span of firstWins(placesOf(scheme, record))) {
      let first = true;
      tokens.forEach((t, n) => {
        if (t.start < span.end && t.end > span.start && tags[n] === 'O') {
          tags[n] = `${first ? 'B' : 'I'}-${span.label}`;
          first = false;
        }
      });
    }
    return tags;
  });
  const lines = [`# instance_id = ${oneLine(instance.id)}`, `# annotator = ${oneLine(record.username)}`];
  tokens.forEach((t, n) => lines.push([t.text, ...columns.map((c) => c[n])].join('\t')));
  return lines.join('\n') + '\n\n';
}

const oneLine = (s: string) => s.replace(/\s+/g, ' ');

/**
 * One spaCy-style document (the keys of spaCy's Doc.to_json): `text`; `ents`, non-overlapping spans of all
 * span schemes (and the places answers mark in the text) as {start, end, label} character offsets; `spans`,
 * every span (and place) by scheme; `cats`, 1.0 for each
 * chosen label of a choice scheme and 0.0 for its other labels, keyed `scheme:label`; `meta` with the
 * instance id, the annotator and the values of text, number and slider schemes.
 */
export function spacyDoc(task: Task, { instance, record }: ExportItem) {
  const cats: Record<string, number> = {};
  const values: Record<string, unknown> = {};
  const answers = answerByScheme(task, record);
  for (const scheme of task.schemes) {
    const how = schemeModuleOf(scheme).spacy;
    if (how === 'none') continue;
    const answer = answers[scheme.name];
    if (how === 'values') {
      if (answer !== undefined) values[scheme.name] = answer;
      continue;
    }
    const chosen = new Set(answer === undefined ? [] : Array.isArray(answer) ? answer : [answer]);
    if (!chosen.size) continue;
    for (const label of scheme.labels) cats[`${scheme.name}:${label.name}`] = chosen.has(label.name) ? 1 : 0;
  }
  const spans: Record<string, { start: number; end: number; label: string }[]> = {};
  for (const scheme of task.schemes) {
    if (!marksText(scheme)) continue;
    spans[scheme.name] = placesOf(scheme, record).map((s) => ({ start: s.start, end: s.end, label: s.label }));
  }
  const ents = firstWins(Object.values(spans).flat())
    .sort((a, b) => a.start - b.start)
    .map((s) => ({ start: s.start, end: s.end, label: s.label }));
  return {
    text: instance.text,
    ents,
    spans,
    cats,
    meta: { instance_id: instance.id, annotator: record.username, values },
  };
}
