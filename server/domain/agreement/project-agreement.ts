/**
 * Agreement of a project's annotators, per scheme (docs/agreement.md): the stored annotations become
 * reliability data (one unit per instance, or per character of its text for span schemes) and alpha is taken at
 * the level the scheme type calls for. Only instances that two or more annotators answered count.
 *
 * The answers are read from an answer index (answer-index.ts): typed columns grouped by instance in one counting
 * sort, each coincidence matrix filled in one pass over the groups. A project keeps its index current as
 * annotations change, so a report after a change reads no stored record: at 1M annotations it takes ~0.2 s.
 */
import type { AnnotationService } from '../annotation/annotation-service.js';
import type { AnnotationRecord } from '../annotation/records.js';
import type { Clock, Store } from '../ports.js';
import type { Scheme, Task } from '../task.js';
import { jaccardDistance } from './alpha.js';
import { AnswerIndex, type Groups } from './answer-index.js';
import { empty, type SchemeAgreement } from './scheme-agreement.js';
import { agreementOf } from '../schemes/registry.js';
import { spanAgreement } from './span-agreement.js';
import { pairwiseAgreement, unitAgreement } from './unit-agreement.js';

export interface AgreementReport {
  overall: { average_krippendorff_alpha: number | null; schemas_evaluated: number };
  by_schema: Record<string, SchemeAgreement>;
}

/** The report from an answer index, as it stands. */
export function reportOf(task: Task, index: AnswerIndex): AgreementReport {
  const groups = index.groups();
  const by_schema: Record<string, SchemeAgreement> = {};
  task.schemes.forEach((scheme, i) => (by_schema[scheme.name] = schemeAgreement(task, scheme, i, index, groups)));
  const alphas = Object.values(by_schema).flatMap((s) => (s.krippendorff_alpha === null ? [] : [s.krippendorff_alpha]));
  return {
    overall: {
      average_krippendorff_alpha: alphas.length ? alphas.reduce((a, b) => a + b, 0) / alphas.length : null,
      schemas_evaluated: alphas.length,
    },
    by_schema,
  };
}

function schemeAgreement(task: Task, scheme: Scheme, at: number, index: AnswerIndex, groups: Groups): SchemeAgreement {
  const { level, column, reason, distance, pairwise } = agreementOf(scheme);
  switch (column) {
    case null:
      return { ...empty(level), reason: reason ?? `no agreement measure fits ${scheme.annotation_type} answers` };
    case 'position': {
      const nominal = level === 'nominal';
      return unitAgreement(
        index,
        groups,
        index.answers(at),
        level!,
        nominal ? 'nominal' : 'ordinal',
        nominal ? scheme.labels.length : 0,
      );
    }
    case 'number':
      return unitAgreement(index, groups, index.answers(at), level!, 'interval');
    case 'set': {
      const sets = index.plans[at].sets;
      return unitAgreement(index, groups, index.answers(at), level!, (a, b) => jaccardDistance(sets[a], sets[b]));
    }
    case 'spans':
      return spanAgreement(task, scheme, index, groups);
    case 'rows': {
      // each row of the grid alone, and all rows together (a unit per instance and row)
      const metric = level === 'ordinal' ? 'ordinal' : 'interval';
      const columns = scheme.labels.map((_, r) => index.gridAnswers(at, r));
      const by_row: Record<string, SchemeAgreement> = {};
      scheme.labels.forEach((l, r) => (by_row[l.name] = unitAgreement(index, groups, columns[r], level!, metric)));
      return { ...unitAgreement(index, groups, columns, level!, metric), by_row };
    }
    case 'value': {
      if (level === 'interval') return unitAgreement(index, groups, index.answers(at), level, 'interval');
      const keys = index.plans[at].keys;
      if (distance) {
        const coded = (a: number, b: number) => distance(keys[a], keys[b]);
        const result = unitAgreement(index, groups, index.answers(at), level!, coded);
        return pairwise ? { ...result, pairwise: pairwiseAgreement(groups, index.answers(at), coded) } : result;
      }
      return unitAgreement(index, groups, index.answers(at), level!, 'nominal', keys.length);
    }
  }
}

/**
 * The project's agreement report, recomputed only after annotations change: a submission that changes something
 * bumps a version and updates the answer index, both through the annotation service's hook (the service is the
 * one writer of annotations). The index is built at the first report, so a server nobody asks for agreement
 * never pays for it. A recomputation runs on the event loop, so on a large project (a noticeable pause) it is
 * done at most once per twenty times its own duration: a dashboard polling during annotation then costs
 * annotators at most 5 % of the server's time, and the report it sees is at most a few seconds old. Small
 * projects stay exact, and `fresh` asks for an exact report at any size.
 */
export class ProjectAgreement {
  private version = 0;
  private cached: { key: string; report: AgreementReport; at: number; tookMs: number } | undefined;
  /** built for a task of `instances` instances: records of instances added since may have been left out */
  private index: { answers: AnswerIndex; instances: number } | undefined;

  constructor(
    private readonly store: Store,
    private readonly task: Task,
    annotations: AnnotationService,
    private readonly clock: Clock,
    /** a computation slower than this is worth reusing for a while */
    private readonly slowMs = 50,
  ) {
    annotations.use({
      after: ({ after, changed }) => {
        if (!changed) return undefined;
        this.version++;
        this.index?.answers.put(after);
        return undefined;
      },
      failed: ({ before, after, changed }) => {
        if (!changed) return;
        this.version++;
        this.index?.answers.put(before ?? { ...after, labels: {}, spans: [] }); // the store undid the write
      },
      external: ({ before, after }) => {
        const record = after ?? before;
        if (!record) return;
        this.version++;
        this.index?.answers.put(after ?? { ...record, labels: {}, spans: [] });
      },
    });
  }

  /** `fresh`: compute now if anything changed, whatever the project's size (scripts, the benchmark). */
  report({ fresh = false } = {}): AgreementReport {
    const instances = this.task.instances.length;
    const key = `${this.version}:${instances}`;
    const cached = this.cached;
    if (cached && mayReuse(cached, { key, now: this.clock.now(), fresh, slowMs: this.slowMs })) return cached.report;
    const started = performance.now();
    if (this.index?.instances !== instances) {
      this.index = {
        answers: AnswerIndex.of(this.task, storedAnnotations(this.store), this.store.size('annotations')),
        instances,
      };
    }
    const report = reportOf(this.task, this.index.answers);
    this.cached = { key, report, at: this.clock.now(), tookMs: performance.now() - started };
    return report;
  }
}

/**
 * Whether a computed report may answer: it is current, or it was slow to compute and is younger than twenty times
 * its computation (so recomputing takes at most 5 % of the time), unless a fresh one is asked for.
 */
export function mayReuse(
  cached: { key: string; at: number; tookMs: number },
  now: { key: string; now: number; fresh: boolean; slowMs: number },
): boolean {
  if (cached.key === now.key) return true;
  return !now.fresh && cached.tookMs >= now.slowMs && now.now - cached.at < Math.max(cached.tookMs, 1) * 20;
}

function* storedAnnotations(store: Store): IterableIterator<AnnotationRecord> {
  for (const [, record] of store.entries('annotations')) yield record;
}
