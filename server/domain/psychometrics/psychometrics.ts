/**
 * Potato's psychometrics read-outs: the GLAD model fitted afresh on each read over one single-choice scheme's
 * answers, giving every item's label as a probability with a sensitivity band (the posterior again with every
 * ability one standard error lower, then higher), every annotator's ability with its standard error, each
 * item's difficulty and discrimination (the correlation, over its annotators, of ability with agreeing with the
 * model's label: strongly negative when the best annotators disagree with the crowd, a sign of a codebook
 * problem), and the judgments an early stop would have saved; and, for assignment_strategy: psychometric, the
 * order items are handed out in (routing.ts). Nothing is stored: the fit is made from the answers and kept in
 * memory until an answer changes (GLAD's EM is the costly part of a read).
 */
import { unavailable } from '../errors.js';
import type { Task } from '../task.js';
import { Coincidences, alphaOf } from '../agreement/alpha.js';
import { fitGlad, posteriors, type Fit, type Observations } from './glad.js';
import { rankByGain, type RoutingItem } from './routing.js';

export interface PsychometricsSettings {
  enabled: boolean;
  schema: string;
  /** a fit is reported once this many labels exist */
  minObservations: number;
  minAnnotatorsPerItem: number;
  confidenceThreshold: number;
  costPerJudgment: number | null;
  discriminationFlagThreshold: number;
  /** adaptive routing fits again after this many new labels */
  refitInterval: number;
}

export interface AnswerReader {
  /** task instance ids in task order */
  instanceIds(): Iterable<string>;
  annotatorsOf(instanceId: string): ReadonlySet<string>;
  /** the label names chosen on a scheme (undefined: not answered) */
  chosen(username: string, instanceId: string, scheme: string): string[] | undefined;
  text(instanceId: string): string;
  /** every answer in the project, a cheap count of how much changed */
  total(): number;
  /** a number that changes whenever an answer is stored, changed or removed, here or by another process */
  version(): number;
}

interface Collected {
  obs: Observations;
  labels: string[];
  itemIds: string[];
  annotatorNames: string[];
}

interface Fitted {
  /** the answers' version and the task's size the fit was made from */
  key: string;
  c: Collected;
  fit: Fit | null;
  /** the report's rows, read from the fit at the first report */
  rows?: { annotators: ReturnType<Psychometrics['annotators']>; items: ReturnType<Psychometrics['items']> };
}

const OFF =
  'psychometrics is not enabled in this project: the project owner turns it on with psychometrics: {enabled: true}';

export class Psychometrics {
  constructor(
    private readonly task: Task,
    private readonly answers: AnswerReader,
    readonly settings: PsychometricsSettings,
    /** annotators per item the study was planned with (null: no target) */
    private readonly target: () => number | null,
    /** whether items are handed out by this model (assignment_strategy: psychometric) */
    private readonly routing: () => boolean,
  ) {}

  /** the fit adaptive routing reads, kept until refitInterval more answers exist */
  private kept: { total: number; c: Collected; fit: Fit | null } | undefined;
  /** the last fit made, with the answers' version and the task's size it was made from */
  private latest: Fitted | undefined;

  /** The answers collected and GLAD fitted to them (null until warm), made again only once an answer changed. */
  private fitted(): Fitted {
    const key = `${this.answers.version()}:${this.task.instances.length}`;
    if (this.latest?.key !== key) {
      const c = this.collect();
      this.latest = { key, c, fit: this.warm(c.obs) ? fitGlad(c.obs) : null };
    }
    return this.latest;
  }

  /**
   * The task's items for an annotator, most informative first, resolved ones left out; undefined until the model
   * is warm (min_observations labels), when items go out at random as in Potato.
   */
  handOutOrder(username: string): string[] | undefined {
    if (!this.settings.enabled) return undefined;
    const total = this.answers.total();
    if (!this.kept || total - this.kept.total >= Math.max(1, this.settings.refitInterval) || total < this.kept.total)
      this.kept = { total, ...this.fitted() };
    const { c, fit } = this.kept;
    if (!fit) return undefined;
    const K = c.obs.classes;
    const row = new Map(c.itemIds.map((id, i) => [id, i]));
    const counts = new Int32Array(c.obs.items);
    for (const i of c.obs.item) counts[i]++;
    const items: RoutingItem[] = [];
    for (const id of this.answers.instanceIds()) {
      const i = row.get(id);
      items.push(
        i === undefined
          ? { id, posterior: fit.prior, ease: 1, annotators: 0 }
          : {
              id,
              posterior: fit.posterior.subarray(i * K, i * K + K),
              ease: Math.exp(fit.logBeta[i]),
              annotators: counts[i],
            },
      );
    }
    const j = c.annotatorNames.indexOf(username);
    return rankByGain(items, j < 0 ? 1 : fit.alpha[j], {
      confidence: this.settings.confidenceThreshold,
      minAnnotators: this.settings.minAnnotatorsPerItem,
    });
  }

  private warm(obs: Observations): boolean {
    return obs.item.length >= this.settings.minObservations && obs.annotators >= 2 && new Set(obs.label).size >= 2;
  }

  private collect(): Collected {
    const labels = this.task.schemeByName.get(this.settings.schema)?.labels.map((l) => l.name) ?? [];
    const labelIndex = new Map(labels.map((l, i) => [l, i]));
    const itemIds: string[] = [];
    const names = new Map<string, number>();
    const item: number[] = [];
    const annotator: number[] = [];
    const label: number[] = [];
    for (const id of this.answers.instanceIds()) {
      let row = -1;
      for (const user of this.answers.annotatorsOf(id)) {
        const chosen = this.answers.chosen(user, id, this.settings.schema)?.find((l) => labelIndex.has(l));
        if (chosen === undefined) continue;
        if (row < 0) row = itemIds.push(id) - 1;
        if (!names.has(user)) names.set(user, names.size);
        item.push(row);
        annotator.push(names.get(user)!);
        label.push(labelIndex.get(chosen)!);
      }
    }
    return {
      obs: {
        items: itemIds.length,
        annotators: names.size,
        classes: Math.max(labels.length, 2),
        item: Int32Array.from(item),
        annotator: Int32Array.from(annotator),
        label: Int32Array.from(label),
      },
      labels,
      itemIds,
      annotatorNames: [...names.keys()],
    };
  }

  /** The fit and everything read from it; `fitted` false (and no rows) until enough labels exist. */
  report() {
    if (!this.settings.enabled) throw unavailable(OFF);
    const latest = this.fitted();
    const { c, fit } = latest;
    const { obs } = c;
    const fitted = fit !== null;
    const base = {
      schema: this.settings.schema,
      adaptive_routing: this.routing(),
      fitted,
      n_observations: obs.item.length,
      n_annotators: obs.annotators,
      n_items: obs.items,
      min_observations: this.settings.minObservations,
    };
    if (!fit) return { ...base, annotators: [], items: [], summary: this.summary([], c) };
    latest.rows ??= { annotators: this.annotators(c, fit), items: this.items(c, fit) };
    const { annotators, items } = latest.rows;
    return { ...base, annotators, items, summary: this.summary(items, c) };
  }

  private annotators(c: Collected, fit: Fit) {
    const counts = new Int32Array(c.obs.annotators);
    for (const j of c.obs.annotator) counts[j]++;
    return c.annotatorNames
      .map((name, j) => ({ annotator: name, theta: fit.alpha[j], se: fit.alphaSe[j], n_labels: counts[j] }))
      .sort((a, b) => b.theta - a.theta || a.annotator.localeCompare(b.annotator));
  }

  private items(c: Collected, fit: Fit) {
    const { obs, labels } = c;
    const K = obs.classes;
    const lower = posteriors(
      obs,
      fit.alpha.map((a, j) => a - fit.alphaSe[j]),
      fit.logBeta,
      fit.prior,
    );
    const upper = posteriors(
      obs,
      fit.alpha.map((a, j) => a + fit.alphaSe[j]),
      fit.logBeta,
      fit.prior,
    );
    const byItem: { annotator: number; label: number }[][] = c.itemIds.map(() => []);
    for (let n = 0; n < obs.item.length; n++)
      byItem[obs.item[n]].push({ annotator: obs.annotator[n], label: obs.label[n] });
    return c.itemIds.map((id, i) => {
      let best = 0;
      for (let k = 1; k < K; k++) if (fit.posterior[i * K + k] > fit.posterior[i * K + best]) best = k;
      const p = fit.posterior[i * K + best];
      const band = [p, lower[i * K + best], upper[i * K + best]];
      const given = byItem[i];
      const discrimination = correlation(
        given.map((g) => fit.alpha[g.annotator]),
        given.map((g) => (g.label === best ? 1 : 0)),
      );
      const posterior: Record<string, number> = {};
      labels.forEach((l, k) => (posterior[l] = fit.posterior[i * K + k]));
      return {
        instance_id: id,
        text: this.answers.text(id).slice(0, 300),
        label: labels[best],
        prob: p,
        prob_lo: Math.min(...band),
        prob_hi: Math.max(...band),
        posterior,
        n_annotators: given.length,
        difficulty: -fit.logBeta[i],
        discrimination,
        codebook_flag: discrimination !== null && discrimination < this.settings.discriminationFlagThreshold,
        resolved: p >= this.settings.confidenceThreshold && given.length >= this.settings.minAnnotatorsPerItem,
        labels_given: Object.fromEntries(given.map((g) => [c.annotatorNames[g.annotator], labels[g.label]])),
      };
    });
  }

  private summary(items: { resolved: boolean; n_annotators: number; codebook_flag: boolean }[], c: Collected) {
    const target = this.target();
    const resolved = items.filter((i) => i.resolved);
    // a resolved item needs no more annotators than it has: the rest of the planned redundancy is saved
    const saved = target === null ? null : resolved.reduce((s, i) => s + Math.max(0, target - i.n_annotators), 0);
    return {
      target_annotators_per_item: target,
      raw_alpha: rawAlpha(c.obs),
      resolved_items: resolved.length,
      saved_judgments: saved,
      saved_cost:
        saved === null || this.settings.costPerJudgment === null ? null : saved * this.settings.costPerJudgment,
      codebook_flags: items.filter((i) => i.codebook_flag).length,
    };
  }
}

/** Pearson's r, or null with fewer than 3 pairs or no spread in either. */
function correlation(x: readonly number[], y: readonly number[]): number | null {
  const n = x.length;
  if (n < 3) return null;
  const mx = x.reduce((a, b) => a + b, 0) / n;
  const my = y.reduce((a, b) => a + b, 0) / n;
  let sxy = 0;
  let sxx = 0;
  let syy = 0;
  for (let i = 0; i < n; i++) {
    sxy += (x[i] - mx) * (y[i] - my);
    sxx += (x[i] - mx) ** 2;
    syy += (y[i] - my) ** 2;
  }
  return sxx > 1e-12 && syy > 1e-12 ? sxy / Math.sqrt(sxx * syy) : null;
}

/** Krippendorff's alpha (nominal) of the raw labels, or null where it is undefined. */
function rawAlpha(obs: Observations): number | null {
  const per: number[][] = Array.from({ length: obs.items }, () => []);
  for (let n = 0; n < obs.item.length; n++) per[obs.item[n]].push(obs.label[n]);
  const co = new Coincidences<number>();
  for (const values of per) co.addUnit(values);
  try {
    return alphaOf(co, 'nominal');
  } catch {
    return null;
  }
}
