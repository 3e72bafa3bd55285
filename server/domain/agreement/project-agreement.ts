/**
 * Agreement of a project's annotators, per schema (decisions.md "Admin endpoints"): the stored annotations become
 * reliability data (one unit per instance, or per character of its text for span schemas) and alpha is taken at
 * the level the schema type calls for. Only instances that two or more annotators answered count.
 *
 * The annotations are read once: grouped by instance (groups.ts), each schema's answer read into a typed column as
 * the record goes by (records are not kept: at 1M annotations holding them cost ~500 MB and most of the time in
 * GC), and each coincidence matrix filled in one pass over the groups. The report is cached until annotations change,
 * so the admin page can poll it: 100k instances with 2–3 annotators each and seven schemas take about 0.35 s of CPU.
 */
import type { AnnotationService } from '../annotation/annotation-service.js';
import type { AnnotationRecord } from '../annotation/records.js';
import type { Clock, Store } from '../ports.js';
import type { Scheme, SchemeType, Task } from '../task.js';
import { alphaOf, Coincidences, jaccardDistance, UndefinedAgreement, type Difference, type Level } from './alpha.js';
import { interpretAlpha, type Interpretation } from './interpret.js';
import { groupByInstance, type ColumnReader, type Groups } from './groups.js';
import { cohenKappa, fleissKappa } from './kappa.js';

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
  /** radio and select only: null unless exactly two annotators answered the evaluated instances */
  cohen_kappa?: number | null;
}

export interface AgreementReport {
  overall: { average_krippendorff_alpha: number | null; schemas_evaluated: number };
  by_schema: Record<string, SchemaAgreement>;
}

export function computeAgreement(task: Task, records: Iterable<AnnotationRecord>): AgreementReport {
  const plans = task.schemes.map(planOf);
  const groups = groupByInstance(task, records, plans.map((p) => p.reader));
  const by_schema: Record<string, SchemaAgreement> = {};
  task.schemes.forEach((scheme, i) => (by_schema[scheme.name] = schemaAgreement(task, scheme, groups, groups.columns[i], plans[i])));
  const alphas = Object.values(by_schema).flatMap((s) => (s.krippendorff_alpha === null ? [] : [s.krippendorff_alpha]));
  return {
    overall: {
      average_krippendorff_alpha: alphas.length ? alphas.reduce((a, b) => a + b, 0) / alphas.length : null,
      schemas_evaluated: alphas.length,
    },
    by_schema,
  };
}

/** How a schema's answer becomes a number in its column (NaN: no answer); multiselect codes name sets of labels. */
interface Plan {
  reader: ColumnReader | null;
  sets: Set<string>[];
}

function planOf(scheme: Scheme): Plan {
  const name = scheme.name;
  const labels = scheme.labels.map((l) => l.name);
  const sets: Set<string>[] = [];
  const column = (answer: (chosen: Record<string, string>) => number): Plan => ({
    reader: (all) => {
      const chosen = all[name];
      return chosen === undefined ? NaN : answer(chosen);
    },
    sets,
  });
  switch (scheme.annotation_type) {
    case 'radio':
    case 'select':
    case 'likert':
      // the position of the one label present; it orders likert points
      return column((chosen) => {
        for (let i = 0; i < labels.length; i++) if (Object.hasOwn(chosen, labels[i])) return i;
        return NaN;
      });
    case 'number':
    case 'slider':
      return column((chosen) => {
        for (const label of labels) if (Object.hasOwn(chosen, label)) return Number(chosen[label]);
        return NaN;
      });
    case 'multiselect': {
      // each distinct set of ticked labels gets a code; ticking nothing is no answer (it cannot be told from skipping).
      // Sets are told apart by a bit mask of label positions (a string past 30 labels), so reading makes no garbage.
      const codes = new Map<number | string, number>();
      const wide = labels.length > 30;
      return column((chosen) => {
        let key: number | string = wide ? '' : 0;
        for (let i = 0; i < labels.length; i++) if (Object.hasOwn(chosen, labels[i])) key = wide ? `${key}${i},` : (key as number) | (1 << i);
        if (!key) return NaN;
        let code = codes.get(key);
        if (code === undefined) {
          codes.set(key, (code = sets.length));
          sets.push(new Set(labels.filter((l) => Object.hasOwn(chosen, l))));
        }
        return code;
      });
    }
    default:
      return { reader: null, sets };
  }
}

function schemaAgreement(task: Task, scheme: Scheme, groups: Groups, column: Float64Array | null, plan: Plan): SchemaAgreement {
  const level = LEVEL_OF[scheme.annotation_type];
  switch (scheme.annotation_type) {
    case 'text':
      return { ...empty(null), reason: 'free text has no level of measurement to compare answers by' };
    case 'radio':
    case 'select':
    case 'likert': {
      const nominal = level === 'nominal';
      return unitAgreement(groups, column!, level!, nominal ? 'nominal' : 'ordinal', nominal ? scheme.labels.length : 0);
    }
    case 'number':
    case 'slider':
      return unitAgreement(groups, column!, level!, 'interval');
    case 'multiselect':
      return unitAgreement(groups, column!, level!, (a, b) => jaccardDistance(plan.sets[a], plan.sets[b]));
    case 'span':
      return spanAgreement(task, scheme, groups);
  }
}

function empty(level: AgreementLevel | null): SchemaAgreement {
  return { krippendorff_alpha: null, level, items_evaluated: 0, annotators: 0, interpretation: null };
}

/** One unit per instance, from a column of answers (NaN: none). With `categories`, also Fleiss' and Cohen's kappa. */
function unitAgreement(groups: Groups, column: Float64Array, level: AgreementLevel, metric: Level | Difference<number>, categories = 0): SchemaAgreement {
  const { bounds, annotator, names } = groups;
  const co = new Coincidences<number>();
  const seen = new Uint8Array(names.length);
  let annotators = 0;
  let fewest = Infinity;
  let most = 0;
  let values = new Float64Array(16);
  for (let g = 0; g < bounds.length; g += 2) {
    if (values.length < bounds[g + 1] - bounds[g]) values = new Float64Array(2 * (bounds[g + 1] - bounds[g]));
    let m = 0;
    for (let r = bounds[g]; r < bounds[g + 1]; r++) if (column[r] === column[r]) values[m++] = column[r]; // not NaN
    if (m < 2) continue;
    for (let r = bounds[g]; r < bounds[g + 1]; r++) if (column[r] === column[r] && !seen[annotator[r]]) annotators += seen[annotator[r]] = 1;
    co.addUnit(values, m);
    fewest = Math.min(fewest, m);
    most = Math.max(most, m);
  }
  const result = finish(co, level, metric, co.units, annotators);
  if (categories) {
    // the kappas take a second pass, and only where they apply: no per-unit garbage otherwise
    result.fleiss_kappa = fewest === most ? orNull(() => fleissKappa(fleissTable(groups, column, categories))) : null;
    result.cohen_kappa = annotators === 2 ? orNull(() => cohenKappa(cohenPairs(groups, column))) : null;
  }
  return result;
}

/** Subjects × categories counts over the units with two or more answers. */
function fleissTable({ bounds }: Groups, column: Float64Array, categories: number): number[][] {
  const table: number[][] = [];
  for (let g = 0; g < bounds.length; g += 2) {
    const row = new Array<number>(categories).fill(0);
    for (let r = bounds[g]; r < bounds[g + 1]; r++) if (column[r] === column[r]) row[column[r]]++;
    if (sum(row) >= 2) table.push(row);
  }
  return table;
}

/** With two annotators in all, each unit of two answers holds one from each: the pairs, each annotator on their side. */
function cohenPairs({ bounds, annotator }: Groups, column: Float64Array): [number, number][] {
  const pairs: [number, number][] = [];
  let first = -1; // the annotator whose answers go on the left
  for (let g = 0; g < bounds.length; g += 2) {
    const answered: number[] = [];
    for (let r = bounds[g]; r < bounds[g + 1]; r++) if (column[r] === column[r]) answered.push(r);
    if (answered.length !== 2) continue;
    const [x, y] = answered;
    if (first < 0) first = annotator[x];
    pairs.push(annotator[x] === first ? [column[x], column[y]] : [column[y], column[x]]);
  }
  return pairs;
}

const sum = (row: number[]) => row.reduce((a, b) => a + b, 0);

/** A coefficient, or null where the data leave it undefined. */
function orNull(compute: () => number | null): number | null {
  try {
    return compute();
  } catch (e) {
    if (e instanceof UndefinedAgreement) return null;
    throw e;
  }
}

/**
 * One unit per character of the instance text: its value is the label of the schema's span covering it, or no
 * span. Every annotator with a record for the instance counts (no span marked is an answer here). Where one
 * annotator's spans overlap, the one starting later wins. Rather than visit every character, the text is cut at
 * every span boundary into stretches where each annotator's label is constant, and each stretch counts as many
 * units as it has characters.
 */
function spanAgreement(task: Task, scheme: Scheme, { spans: records, bounds, instance, annotator, names }: Groups): SchemaAgreement {
  const K = scheme.labels.length + 1; // 0: no span
  const labelIndex = new Map(scheme.labels.map((l, i) => [l.name, i + 1]));
  const tally = new Float64Array(K * K);
  const seen = new Uint8Array(names.length);
  let annotators = 0;
  let units = 0;
  let items = 0;
  let cuts = new Int32Array(64);
  let here = new Int32Array(8);
  for (let g = 0; g < bounds.length; g += 2) {
    const first = bounds[g];
    const m = bounds[g + 1] - first;
    const L = task.instances[instance[g / 2]].text.length;
    if (L === 0) continue;
    let n = 2;
    for (let a = 0; a < m; a++) n += 2 * records[first + a].length;
    if (cuts.length < n) cuts = new Int32Array(2 * n);
    if (here.length < m) here = new Int32Array(2 * m);
    cuts[0] = 0;
    cuts[1] = L;
    n = 2;
    for (let a = 0; a < m; a++) {
      if (!seen[annotator[first + a]]) annotators += seen[annotator[first + a]] = 1;
      for (const span of records[first + a]) {
        if (span.schema !== scheme.name) continue;
        cuts[n++] = Math.max(0, Math.min(L, span.start));
        cuts[n++] = Math.max(0, Math.min(L, span.end));
      }
    }
    for (let i = 1; i < n; i++) {
      // insertion sort: a handful of cuts per text, and no garbage
      const cut = cuts[i];
      let j = i - 1;
      for (; j >= 0 && cuts[j] > cut; j--) cuts[j + 1] = cuts[j];
      cuts[j + 1] = cut;
    }
    const weight = 1 / (m - 1);
    for (let i = 0; i + 1 < n; i++) {
      const from = cuts[i];
      const length = cuts[i + 1] - from;
      if (length === 0) continue;
      for (let a = 0; a < m; a++) {
        let label = 0;
        for (const span of records[first + a]) {
          // spans are stored sorted by start, so the last one covering `from` started latest
          if (span.schema === scheme.name && span.start <= from && from < span.end) label = labelIndex.get(span.label) ?? label;
        }
        here[a] = label;
      }
      for (let a = 0; a < m; a++) {
        for (let b = a + 1; b < m; b++) {
          tally[here[a] * K + here[b]] += length * weight;
          tally[here[b] * K + here[a]] += length * weight;
        }
      }
    }
    units += L;
    items++;
  }
  const co = new Coincidences<string | null>();
  const value = [co.indexOf(null), ...scheme.labels.map((l) => co.indexOf(l.name))];
  const cells: [number, number, number][] = [];
  for (let c = 0; c < K; c++) for (let k = 0; k < K; k++) cells.push([value[c], value[k], tally[c * K + k]]);
  co.addTally(units, cells);
  return finish(co, 'nominal_per_character', 'nominal', items, annotators);
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
 * A recomputation runs on the event loop, so on a large project (≈ 0.3 s at 100k instances) it is done at most
 * once per twenty times its own duration: a dashboard polling during annotation then costs annotators at most
 * 5 % of the server's time, and the report it sees is at most a few seconds old. Small projects stay exact, and
 * `fresh` asks for an exact report at any size.
 */
export class ProjectAgreement {
  private version = 0;
  private cached: { key: string; report: AgreementReport; at: number; tookMs: number } | undefined;

  constructor(
    private readonly store: Store,
    private readonly task: Task,
    annotations: AnnotationService,
    private readonly clock: Clock,
    /** a computation slower than this is worth reusing for a while */
    private readonly slowMs = 50,
  ) {
    annotations.use({
      after: ({ changed }) => {
        if (changed) this.version++;
        return undefined;
      },
    });
  }

  /** `fresh`: compute now if anything changed, whatever the project's size (scripts, the benchmark). */
  report({ fresh = false } = {}): AgreementReport {
    const key = `${this.version}:${this.store.size('annotations')}:${this.task.instances.length}`;
    const cached = this.cached;
    if (cached && mayReuse(cached, { key, now: this.clock.now(), fresh, slowMs: this.slowMs })) return cached.report;
    const started = performance.now();
    const report = computeAgreement(this.task, storedAnnotations(this.store));
    this.cached = { key, report, at: this.clock.now(), tookMs: performance.now() - started };
    return report;
  }
}

/**
 * Whether a computed report may answer: it is current, or it was slow to compute and is younger than twenty times
 * its computation (so recomputing takes at most 5 % of the time), unless a fresh one is asked for.
 */
export function mayReuse(cached: { key: string; at: number; tookMs: number }, now: { key: string; now: number; fresh: boolean; slowMs: number }): boolean {
  if (cached.key === now.key) return true;
  return !now.fresh && cached.tookMs >= now.slowMs && now.now - cached.at < Math.max(cached.tookMs, 1) * 20;
}

function* storedAnnotations(store: Store): IterableIterator<AnnotationRecord> {
  for (const [, record] of store.entries('annotations')) yield record;
}
