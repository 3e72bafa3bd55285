/**
 * Agreement of a project's annotators, per schema (decisions.md "Admin endpoints"): the stored annotations become
 * reliability data (one unit per instance, or per character of its text for span schemas) and alpha is taken at
 * the level the schema type calls for. Only instances that two or more annotators answered count.
 *
 * Built in one pass over the annotations and cached until they change, so the admin page can poll it on large
 * projects (100k instances with 2–3 annotators each take well under a second to compute).
 */
import type { AnnotationService } from '../annotation/annotation-service.js';
import { isAnnotated, type AnnotationRecord } from '../annotation/records.js';
import type { Store } from '../ports.js';
import type { Scheme, SchemeType, Task } from '../task.js';
import { alphaOf, Coincidences, jaccardDistance, UndefinedAgreement, type Difference, type Level } from './alpha.js';
import { interpretAlpha, type Interpretation } from './interpret.js';
import { categoryCounts, fleissKappa } from './kappa.js';

export type AgreementLevel = 'nominal' | 'ordinal' | 'interval' | 'jaccard' | 'nominal_per_character';

export const LEVEL_OF: Readonly<Record<SchemeType, AgreementLevel | null>> = {
  radio: 'nominal',
  select: 'nominal',
  likert: 'ordinal',
  number: 'interval',
  slider: 'interval',
  multiselect: 'jaccard',
  span: 'nominal_per_character',
  text: null, // free text has no difference function worth trusting
};

export interface SchemaAgreement {
  krippendorff_alpha: number | null;
  level: AgreementLevel | null;
  /** instances with answers from two or more annotators */
  items_evaluated: number;
  /** distinct annotators who answered one of those instances */
  annotators: number;
  interpretation: Interpretation | null;
  /** why alpha is null */
  reason?: string;
  /** radio and select only: null unless every evaluated instance has the same number of annotators */
  fleiss_kappa?: number | null;
}

export interface AgreementReport {
  overall: { average_krippendorff_alpha: number | null; schemas_evaluated: number };
  by_schema: Record<string, SchemaAgreement>;
}

type Group = readonly AnnotationRecord[];

export function computeAgreement(task: Task, records: Iterable<AnnotationRecord>): AgreementReport {
  const byInstance = new Map<string, AnnotationRecord[]>();
  for (const record of records) {
    if (!task.positionById.has(record.instance_id) || !isAnnotated(record)) continue; // not quality checks
    const group = byInstance.get(record.instance_id);
    if (group) group.push(record);
    else byInstance.set(record.instance_id, [record]);
  }
  const groups = [...byInstance.values()].filter((g) => g.length >= 2);
  const by_schema: Record<string, SchemaAgreement> = {};
  for (const scheme of task.schemes) by_schema[scheme.name] = schemaAgreement(task, scheme, groups);
  const alphas = Object.values(by_schema).flatMap((s) => (s.krippendorff_alpha === null ? [] : [s.krippendorff_alpha]));
  return {
    overall: {
      average_krippendorff_alpha: alphas.length ? alphas.reduce((a, b) => a + b, 0) / alphas.length : null,
      schemas_evaluated: alphas.length,
    },
    by_schema,
  };
}

function schemaAgreement(task: Task, scheme: Scheme, groups: Group[]): SchemaAgreement {
  const level = LEVEL_OF[scheme.annotation_type];
  const name = scheme.name;
  const labelIndex = new Map(scheme.labels.map((l, i) => [l.name, i]));
  switch (scheme.annotation_type) {
    case 'text':
      return { ...empty(null), reason: 'free text has no level of measurement to compare answers by' };
    case 'radio':
    case 'select':
    case 'likert': {
      // the one label present; its position in the scheme orders likert points
      const answer = (r: AnnotationRecord) => {
        for (const label in r.labels[name]) return labelIndex.get(label);
        return undefined;
      };
      return unitAgreement(groups, answer, level!, level === 'nominal' ? 'nominal' : 'ordinal', level === 'nominal');
    }
    case 'number':
    case 'slider': {
      const answer = (r: AnnotationRecord) => {
        for (const label in r.labels[name]) {
          const n = Number(r.labels[name][label]);
          return Number.isFinite(n) ? n : undefined;
        }
        return undefined;
      };
      return unitAgreement(groups, answer, level!, 'interval');
    }
    case 'multiselect': {
      // sets as sorted label lists; an annotator who ticked nothing gave no answer (it cannot be told from skipping)
      const answer = (r: AnnotationRecord) => {
        const names = Object.keys(r.labels[name] ?? {}).filter((l) => labelIndex.has(l));
        return names.length ? names.sort() : undefined;
      };
      const jaccard: Difference<string[]> = (a, b) => jaccardDistance(new Set(a), new Set(b));
      return unitAgreement(groups, answer, level!, jaccard, false, (set) => set.join('\u0001'));
    }
    case 'span':
      return spanAgreement(task, scheme, groups);
  }
}

function empty(level: AgreementLevel | null): SchemaAgreement {
  return { krippendorff_alpha: null, level, items_evaluated: 0, annotators: 0, interpretation: null };
}

/** One unit per instance; `fleiss` also computes Fleiss' kappa (nominal schemas). */
function unitAgreement<V>(
  groups: Group[],
  answer: (r: AnnotationRecord) => V | undefined,
  level: AgreementLevel,
  metric: Level | Difference<V>,
  fleiss = false,
  keyOf?: (v: V) => unknown,
): SchemaAgreement {
  const co = new Coincidences<V>(keyOf);
  const annotators = new Set<string>();
  const units: V[][] = [];
  for (const group of groups) {
    const values: V[] = [];
    const who: string[] = [];
    for (const record of group) {
      const value = answer(record);
      if (value === undefined) continue;
      values.push(value);
      who.push(record.username);
    }
    if (values.length < 2) continue;
    for (const username of who) annotators.add(username);
    co.addUnit(values);
    if (fleiss) units.push(values);
  }
  const result = finish(co, level, metric, co.units, annotators.size);
  if (fleiss) result.fleiss_kappa = fleissOf(units);
  return result;
}

function fleissOf<V>(units: V[][]): number | null {
  if (!units.length || units.some((u) => u.length !== units[0].length)) return null;
  try {
    return fleissKappa(categoryCounts(units));
  } catch (e) {
    if (e instanceof UndefinedAgreement) return null;
    throw e;
  }
}

/**
 * One unit per character of the instance text: its value is the label of the schema's span covering it, or no
 * span. Every annotator with a record for the instance counts (no span marked is an answer here). Where one
 * annotator's spans overlap, the one starting later wins. Pairs are tallied in typed arrays, not unit by unit.
 */
function spanAgreement(task: Task, scheme: Scheme, groups: Group[]): SchemaAgreement {
  const K = scheme.labels.length + 1; // 0: no span
  const labelIndex = new Map(scheme.labels.map((l, i) => [l.name, i + 1]));
  const tally = new Float64Array(K * K);
  let marks = new Int32Array(0);
  let units = 0;
  let items = 0;
  const annotators = new Set<string>();
  for (const group of groups) {
    const L = task.instanceById.get(group[0].instance_id)!.text.length;
    const m = group.length;
    if (L === 0) continue;
    if (marks.length < m * L) marks = new Int32Array(Math.max(m * L, marks.length * 2));
    marks.fill(0, 0, m * L);
    group.forEach((record, a) => {
      annotators.add(record.username);
      for (const span of record.spans) {
        const label = span.schema === scheme.name ? labelIndex.get(span.label) : undefined;
        if (label !== undefined) marks.fill(label, a * L + Math.max(0, span.start), a * L + Math.min(L, span.end));
      }
    });
    const weight = 1 / (m - 1);
    for (let a = 0; a < m; a++) {
      for (let b = a + 1; b < m; b++) {
        for (let i = 0, x = a * L, y = b * L; i < L; i++) {
          const c = marks[x + i];
          const k = marks[y + i];
          tally[c * K + k] += weight;
          tally[k * K + c] += weight;
        }
      }
    }
    units += L;
    items++;
  }
  const co = new Coincidences<string | null>();
  const column = [co.indexOf(null), ...scheme.labels.map((l) => co.indexOf(l.name))];
  const cells: [number, number, number][] = [];
  for (let c = 0; c < K; c++) for (let k = 0; k < K; k++) cells.push([column[c], column[k], tally[c * K + k]]);
  co.addTally(units, cells);
  return finish(co, 'nominal_per_character', 'nominal', items, items ? annotators.size : 0);
}

function finish<V>(co: Coincidences<V>, level: AgreementLevel, metric: Level | Difference<V>, items: number, annotators: number): SchemaAgreement {
  if (items === 0) return { ...empty(level), reason: 'no instance has answers from two or more annotators yet' };
  const base = { level, items_evaluated: items, annotators };
  try {
    const alpha = alphaOf(co, metric);
    return { krippendorff_alpha: alpha, ...base, interpretation: interpretAlpha(alpha) };
  } catch (e) {
    if (!(e instanceof UndefinedAgreement)) throw e;
    return { krippendorff_alpha: null, ...base, interpretation: null, reason: e.message };
  }
}

/**
 * The project's agreement report, recomputed only after annotations change: a submission that changes something
 * bumps a version (through the annotation service's hook), and the table's size catches other writers.
 */
export class ProjectAgreement {
  private version = 0;
  private cached: { key: string; report: AgreementReport } | undefined;

  constructor(
    private readonly store: Store,
    private readonly task: Task,
    annotations: AnnotationService,
  ) {
    annotations.use({
      after: ({ changed }) => {
        if (changed) this.version++;
        return undefined;
      },
    });
  }

  report(): AgreementReport {
    const key = `${this.version}:${this.store.size('annotations')}:${this.task.instances.length}`;
    if (this.cached?.key !== key) {
      this.cached = { key, report: computeAgreement(this.task, storedAnnotations(this.store)) };
    }
    return this.cached.report;
  }
}

function* storedAnnotations(store: Store): IterableIterator<AnnotationRecord> {
  for (const [, record] of store.entries('annotations')) yield record;
}
