/**
 * Potato's question panel (`/admin/api/questions`): each scheme's answers over every annotator and item, with
 * the summary its dashboard draws. What a panel shows follows how the scheme's answers are compared (its
 * agreement column), so a new scheme type needs nothing here: one chosen label gives a histogram over the
 * scheme's labels, ticked labels their counts and the labels ticked together, a number its distribution, spans
 * their counts per answer, free text its lengths and words. Other answers are counted and not summarised.
 */
import { agreementOf, schemeModuleOf } from '../schemes/registry.js';
import type { AnnotationRecord } from '../annotation/records.js';
import type { Scheme, Task } from '../task.js';

export interface QuestionSources {
  task: Task;
  annotators(instanceId: string): Iterable<string>;
  record(username: string, instanceId: string): AnnotationRecord | undefined;
}

/** One annotator's answer to one scheme on one item, as the panel reads it. */
type Reading = string | string[] | number | null;

const round = (n: number, places: number) => Math.round(n * 10 ** places) / 10 ** places;

function mostCommon(counts: Map<string, number>, n: number): [string, number][] {
  return [...counts].sort((a, b) => b[1] - a[1] || a[0].localeCompare(b[0])).slice(0, n);
}

/** How the panel reads a scheme's stored answer, from how agreement compares it. */
function reader(scheme: Scheme): {
  kind: 'choice' | 'set' | 'number' | 'spans' | 'text' | 'other';
  read: (r: AnnotationRecord) => Reading;
} {
  const module = schemeModuleOf(scheme);
  const labels = scheme.labels.map((l) => l.name);
  const chosen = (r: AnnotationRecord) => r.labels[scheme.name];
  if (module.storage === 'spans')
    return {
      kind: 'spans',
      read: (r) => {
        const n = r.spans.reduce((k, s) => k + (s.schema === scheme.name ? 1 : 0), 0);
        return n || null;
      },
    };
  if (module.storage !== 'labels') return { kind: 'other', read: (r) => (chosen(r) ? '' : null) };
  const column = agreementOf(scheme).column;
  if (column === 'position')
    return { kind: 'choice', read: (r) => labels.find((l) => chosen(r) && Object.hasOwn(chosen(r), l)) ?? null };
  if (column === 'set')
    return {
      kind: 'set',
      read: (r) => {
        const c = chosen(r);
        const ticked = c ? labels.filter((l) => Object.hasOwn(c, l)) : [];
        return ticked.length ? ticked : null;
      },
    };
  if (column === 'number')
    return {
      kind: 'number',
      read: (r) => {
        const c = chosen(r);
        const label = c && labels.find((l) => Object.hasOwn(c, l));
        const n = label ? Number(c[label]) : NaN;
        return Number.isFinite(n) ? n : null;
      },
    };
  // free values kept as text under field labels (a text box, several fields of one)
  if (column === null && module.fieldNames !== undefined)
    return {
      kind: 'text',
      read: (r) => {
        const c = chosen(r);
        const text = c ? Object.values(c).join(' ').trim() : '';
        return text || null;
      },
    };
  return { kind: 'other', read: (r) => (chosen(r) ? '' : null) };
}

function histogram(scheme: Scheme, byItem: Reading[][]) {
  const labels = scheme.labels.map((l) => l.name);
  const counts = new Map<string, number>();
  let total = 0;
  const shares: number[] = [];
  for (const answers of byItem) {
    const here = new Map<string, number>();
    for (const a of answers as string[]) {
      counts.set(a, (counts.get(a) ?? 0) + 1);
      here.set(a, (here.get(a) ?? 0) + 1);
      total++;
    }
    // Potato's agreement score: on items with two or more answers, the share of the most chosen label
    if (answers.length > 1) shares.push(Math.max(...here.values()) / answers.length);
  }
  return {
    visualization_type: 'histogram',
    data: {
      labels,
      counts: labels.map((l) => counts.get(l) ?? 0),
      percentages: labels.map((l) => round(((counts.get(l) ?? 0) / total) * 100, 1)),
    },
    most_common: mostCommon(counts, 1)[0] ?? null,
    agreement_score: shares.length ? round((shares.reduce((a, b) => a + b, 0) / shares.length) * 100, 1) : 0,
  };
}

function labelSets(scheme: Scheme, answers: string[][]) {
  const labels = scheme.labels.map((l) => l.name);
  const counts = new Map<string, number>();
  const together: Record<string, number> = {};
  for (const ticked of answers) {
    for (const l of ticked) counts.set(l, (counts.get(l) ?? 0) + 1);
    for (let i = 0; i < ticked.length; i++)
      for (let j = i + 1; j < ticked.length; j++) {
        const key = `${ticked[i]}|${ticked[j]}`;
        together[key] = (together[key] ?? 0) + 1;
      }
  }
  return {
    visualization_type: 'multiselect_analysis',
    data: {
      labels,
      counts: labels.map((l) => counts.get(l) ?? 0),
      percentages: labels.map((l) => round(((counts.get(l) ?? 0) / answers.length) * 100, 1)),
      co_occurrence: together,
    },
    most_common: mostCommon(counts, 3),
    average_labels_per_item: round(answers.reduce((n, a) => n + a.length, 0) / answers.length, 2),
  };
}

function distribution(scheme: Scheme, values: number[]) {
  const sorted = [...values].sort((a, b) => a - b);
  const mean = values.reduce((a, b) => a + b, 0) / values.length;
  const min = scheme.min ?? sorted[0];
  const max = scheme.max ?? sorted[sorted.length - 1];
  const width = (max - min) / 10;
  const bins = Array.from({ length: 11 }, (_, i) => round(min + i * width, 4));
  const binCounts = new Array<number>(10).fill(0);
  for (const v of values) binCounts[width > 0 ? Math.min(9, Math.max(0, Math.floor((v - min) / width))) : 0]++;
  return {
    visualization_type: 'distribution',
    data: {
      values,
      bins: { bins, counts: binCounts },
      statistics: {
        mean: round(mean, 2),
        median: round(sorted[sorted.length >> 1], 2),
        min: sorted[0],
        max: sorted[sorted.length - 1],
        std: round(Math.sqrt(values.reduce((n, v) => n + (v - mean) ** 2, 0) / values.length), 2),
      },
    },
    range: scheme.min ?? null,
    max: scheme.max ?? null,
  };
}

function spanCounts(counts: number[]) {
  return {
    visualization_type: 'span_analysis',
    data: {
      span_counts: counts,
      total_spans: counts.reduce((a, b) => a + b, 0),
      statistics: {
        avg_spans_per_item: round(counts.reduce((a, b) => a + b, 0) / counts.length, 2),
        items_with_spans: counts.length,
        max_spans: Math.max(...counts),
        min_spans: Math.min(...counts),
      },
    },
  };
}

function texts(values: string[]) {
  const lengths = values.map((v) => v.length);
  const words = values.map((v) => v.toLowerCase().split(/\s+/).filter(Boolean));
  const common = new Map<string, number>();
  for (const list of words) for (const w of list) common.set(w, (common.get(w) ?? 0) + 1);
  return {
    visualization_type: 'text_analysis',
    data: {
      lengths,
      word_counts: words.map((w) => w.length),
      common_words: mostCommon(common, 10),
      statistics: {
        avg_length: round(lengths.reduce((a, b) => a + b, 0) / lengths.length, 1),
        avg_words: round(words.reduce((n, w) => n + w.length, 0) / words.length, 1),
        min_length: Math.min(...lengths),
        max_length: Math.max(...lengths),
        empty_responses: 0,
      },
    },
  };
}

export function questionsPanel(s: QuestionSources) {
  const questions = s.task.schemes
    .filter((scheme) => schemeModuleOf(scheme).storage !== 'none')
    .map((scheme) => {
      const { kind, read } = reader(scheme);
      const byItem: Reading[][] = [];
      for (const instance of s.task.instances) {
        const answers: Reading[] = [];
        for (const name of s.annotators(instance.id)) {
          const record = s.record(name, instance.id);
          const answer = record ? read(record) : null;
          if (answer !== null) answers.push(answer);
        }
        if (answers.length) byItem.push(answers);
      }
      const all = byItem.flat();
      const base = { type: scheme.annotation_type, total_count: all.length };
      const analysis = !all.length
        ? { error: 'No annotations found' }
        : kind === 'choice'
          ? { ...base, ...histogram(scheme, byItem) }
          : kind === 'set'
            ? { ...base, ...labelSets(scheme, all as string[][]) }
            : kind === 'number'
              ? { ...base, ...distribution(scheme, all as number[]) }
              : kind === 'spans'
                ? { ...base, ...spanCounts(all as number[]) }
                : kind === 'text'
                  ? { ...base, ...texts(all as string[]) }
                  : { ...base, error: `answers of ${scheme.annotation_type} schemes are counted, not summarised` };
      return {
        name: scheme.name,
        type: scheme.annotation_type,
        description: scheme.description,
        total_annotations: all.length,
        items_with_annotations: byItem.length,
        analysis,
      };
    });
  return {
    questions,
    summary: {
      total_questions: questions.length,
      total_annotations: questions.reduce((n, q) => n + q.total_annotations, 0),
      question_types: [...new Set(questions.map((q) => q.type))],
    },
  };
}
