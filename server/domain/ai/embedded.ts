/**
 * The default provider: learns from the annotations already submitted in the project, offline, with nothing to
 * download. One naive Bayes classifier per choice scheme (labels, or a type's fixed values such as triage's
 * decision; a compared pair's words tagged with their side) and one span learner per span scheme follow the
 * `annotations` table incrementally: a submission marks its record dirty, and the next suggestion first folds in
 * the dirty records (each in time proportional to its text). Annotations saved before start are learned in the
 * background in short slices, never on a request, starting at the first use of the assistant: at 1M stored
 * annotations that pass costs a minute of CPU and much memory, which a project that never asks for a suggestion
 * should not pay, and which would otherwise slow every annotator's request after each start (bench/profile.ts).
 * Keyword highlights act as a prior and as span suggestions.
 */
import type { Store } from '../ports.js';
import type { Instance, Scheme, Task } from '../task.js';
import type { AnnotationRecord } from '../annotation/records.js';
import { findKeywords, type compileRules } from '../annotation/keywords.js';
import { NaiveBayes } from './naive-bayes.js';
import { Calibrator } from './calibration.js';
import { SpanLearner } from './span-learner.js';
import { features, pairFeatures, untag } from './text-features.js';
import {
  chosenOf,
  noSuggestion,
  suggestTarget,
  type AiProvider,
  type Suggestion,
  type SuggestTarget,
} from './provider.js';

/** pseudo-documents' worth of weight a keyword rule gives its label */
const KEYWORD_PRIOR = 2;
/** milliseconds of learning per slice of the start-up pass, between which requests are served */
const SLICE_MS = 4;
/**
 * every annotation is predicted before it is learned until this many outcomes are known, then every CALIBRATE_EVERY-th
 */
const CALIBRATE_ALL = 2000;
const CALIBRATE_EVERY = 50;

export interface EmbeddedOptions {
  /** labelled examples a scheme needs before the classifier suggests anything */
  minExamples: number;
}

/** A compared pair's side-tagged features; undefined for an item without two texts. */
function pairFeaturesOf(target: SuggestTarget & { kind: 'value' }, instance: Instance): Set<string> | undefined {
  const pair = target.pair?.(instance);
  return pair && pairFeatures(pair[0], pair[1]);
}

const round = (x: number) => Math.round(x * 1000) / 1000;

export class EmbeddedProvider implements AiProvider {
  readonly name = 'embedded';
  readonly model = 'naive-bayes';
  readonly promptVersion = '1';
  private readonly classifiers = new Map<string, NaiveBayes>();
  /** scheme → how often the classifier's top label was right at each raw confidence */
  private readonly calibrators = new Map<string, Calibrator>();
  private learnedCount = 0;
  private readonly spanLearners = new Map<string, SpanLearner>();
  /** scheme → number of changes learned; part of the cache version, so a change invalidates cached suggestions */
  private readonly generation = new Map<string, number>();
  /** annotation key → the record as learned (stored values are immutable, so identity tells a change) */
  private readonly learned = new Map<string, AnnotationRecord>();
  private readonly dirty = new Set<string>();
  private ready = false;
  private stopped = false;
  private startup: Promise<void> | undefined;

  constructor(
    private readonly task: Task,
    private readonly store: Store,
    private readonly rules: ReturnType<typeof compileRules>,
    private readonly options: EmbeddedOptions,
  ) {
    for (const scheme of task.schemes) {
      const target = suggestTarget(scheme);
      if (!target) continue;
      if (target.kind === 'spans') this.spanLearners.set(scheme.name, new SpanLearner());
      else {
        this.classifiers.set(scheme.name, new NaiveBayes());
        this.calibrators.set(scheme.name, new Calibrator());
      }
    }
    for (const { rule } of rules) {
      const scheme = task.schemeByName.get(rule.schema);
      const target = scheme && suggestTarget(scheme);
      // a keyword says nothing about which of two compared texts is preferred
      if (!target || target.kind === 'spans' || (target.kind === 'value' && target.pair)) continue;
      if (target.choices.some((c) => c.value === rule.label))
        this.classifiers.get(rule.schema)?.addPrior(rule.label, features(rule.word.replace(/\*/g, '')), KEYWORD_PRIOR);
    }
  }

  /** Starts learning the annotations saved before start, if not yet started; resolves when they are learned. */
  whenReady(): Promise<void> {
    return (this.startup ??= this.learnExisting());
  }

  stop(): Promise<void> {
    this.stopped = true;
    return this.startup ?? Promise.resolve();
  }

  /** A stored annotation changed (or is about to): learn it before the next suggestion. */
  touch(key: string): void {
    // before the learner starts it reads every stored annotation anyway; noting keys then only grew the set
    // with every submission of a server whose assistant is never asked (~60 bytes a key)
    if (this.startup) this.dirty.add(key);
  }

  private async learnExisting(): Promise<void> {
    const keys = Array.from(this.store.keys('annotations'));
    let i = 0;
    while (i < keys.length && !this.stopped) {
      // a slice is bounded in time, not in records, so a request waits at most SLICE_MS behind it
      const until = performance.now() + SLICE_MS;
      do this.sync(keys[i++]);
      while (i < keys.length && (i & 15 || performance.now() < until));
      if (i < keys.length) await new Promise((resolve) => setImmediate(resolve));
    }
    this.ready = true;
  }

  private catchUp(): void {
    for (const key of this.dirty) this.sync(key);
    this.dirty.clear();
  }

  /** Makes the model agree with the stored record under `key`; idempotent, so order and repeats do not matter. */
  private sync(key: string): void {
    const now = this.store.get('annotations', key);
    const was = this.learned.get(key);
    if (now === was) return;
    if (was) this.learn(was, -1);
    if (now) {
      this.learn(now, 1);
      this.learned.set(key, now);
    } else this.learned.delete(key);
  }

  private learn(record: AnnotationRecord, sign: 1 | -1): void {
    const instance = this.task.instanceById.get(record.instance_id);
    if (!instance) return;
    let text: Set<string> | undefined;
    for (const [name, classifier] of this.classifiers) {
      const scheme = this.task.schemeByName.get(name)!;
      const target = suggestTarget(scheme)!;
      const labels = chosenOf(target, record.labels[name]);
      if (!labels.length) continue;
      const feats =
        target.kind === 'value' && target.pair ? pairFeaturesOf(target, instance) : (text ??= features(instance.text));
      if (!feats) continue;
      if (sign === 1) this.calibrate(name, classifier, labels, feats);
      classifier.add(labels, feats, sign);
      this.bumpGeneration(name);
    }
    for (const [scheme, learner] of this.spanLearners) {
      const spans = record.spans.filter((s) => s.schema === scheme);
      if (!spans.length) continue;
      learner.add(instance.text, spans, sign);
      this.bumpGeneration(scheme);
    }
  }

  /** Test, then train: how the model as it stands would have done on this annotation, for the calibration. */
  private calibrate(scheme: string, classifier: NaiveBayes, labels: string[], feats: Set<string>): void {
    const calibrator = this.calibrators.get(scheme)!;
    const { documents, labels: distinct } = classifier.stats();
    if (documents < this.options.minExamples || distinct < 2) return; // the model would not suggest yet
    if (calibrator.observed >= CALIBRATE_ALL && ++this.learnedCount % CALIBRATE_EVERY) return;
    const prediction = classifier.predict(feats);
    if (prediction) calibrator.observe(prediction.ranked[0].p, labels.includes(prediction.label));
  }

  /** A choice scheme's labelled examples and how many labels they carry, with the changes saved since learned. */
  examples(scheme: string): { documents: number; labels: number } | undefined {
    this.catchUp();
    return this.classifiers.get(scheme)?.stats();
  }

  /** ln p1 − ln p2 of the scheme's two likeliest labels for a text (small: unsure); null when it cannot tell. */
  margin(scheme: string, text: string): number | null {
    return this.classifiers.get(scheme)?.margin(features(text)) ?? null;
  }

  /** The calibrated confidence of a prediction's top label (raw posteriors overstate it). */
  confidence(scheme: string, rawTop: number): number {
    return this.calibrators.get(scheme)?.calibrate(rawTop) ?? rawTop;
  }

  private bumpGeneration(scheme: string): void {
    this.generation.set(scheme, (this.generation.get(scheme) ?? 0) + 1);
  }

  version(scheme: Scheme): string {
    void this.whenReady();
    this.catchUp();
    return `${this.ready ? 'g' : 'loading'}${this.generation.get(scheme.name) ?? 0}/${this.options.minExamples}`;
  }

  async suggest(instance: Instance, scheme: Scheme): Promise<Suggestion> {
    void this.whenReady();
    if (!this.ready)
      return noSuggestion(
        `no suggestion yet: the assistant is still learning from the ${this.learned.size} annotations saved earlier; ask again in a moment`,
      );
    this.catchUp();
    return suggestTarget(scheme)?.kind === 'spans'
      ? this.suggestSpans(instance, scheme)
      : this.classify(instance, scheme);
  }

  private classify(instance: Instance, scheme: Scheme): Suggestion {
    const classifier = this.classifiers.get(scheme.name)!;
    const target = suggestTarget(scheme)!;
    const { documents, labels } = classifier.stats();
    const need = this.options.minExamples;
    if (documents < need)
      return noSuggestion(
        `no suggestion yet: the assistant learns from your annotations and has ${documents} of the ${need} labelled examples of "${scheme.name}" it needs`,
      );
    const noun = target.kind === 'value' ? 'answer' : 'label';
    if (labels < 2)
      return noSuggestion(
        `no suggestion yet: every example of "${scheme.name}" so far has the same ${noun}; the assistant needs examples of at least two ${noun}s`,
      );
    const paired = target.kind === 'value' && !!target.pair;
    const feats = paired ? pairFeaturesOf(target, instance) : features(instance.text);
    if (!feats) return noSuggestion(`no suggestion: this item does not have the two texts "${scheme.name}" compares`);
    const prediction = classifier.predict(feats)!;
    const top = prediction.ranked[0];
    const evidence = prediction.evidence.map(untag);
    const suggestion: Suggestion = {
      label: prediction.label,
      confidence: round(this.confidence(scheme.name, top.p)),
      rationale: evidence.length
        ? `learned from ${documents} annotated examples; the words that weighed most: ${evidence.map((e) => `"${e.feature}"${e.side ? ` (in ${e.side})` : ''}`).join(', ')}`
        : `learned from ${documents} annotated examples; no word of this text was seen in them, so this is the most frequent ${paired ? 'choice' : 'label'}`,
      words: [...new Set(evidence.map((e) => e.feature))],
    };
    if (target.kind === 'labels' && target.multi) {
      // labels near the best one are suggested too; a single multinomial model cannot say more than that
      suggestion.labels = prediction.ranked.filter((r) => r.p >= 0.25).map((r) => r.label);
    }
    return suggestion;
  }

  private suggestSpans(instance: Instance, scheme: Scheme): Suggestion {
    const learner = this.spanLearners.get(scheme.name)!;
    const fromKeywords = findKeywords(this.task, this.rules, instance.text)
      .filter((k) => k.schema === scheme.name)
      .map((k) => ({ label: k.label, start: k.start, end: k.end, text: k.text }));
    const learned =
      learner.documents >= this.options.minExamples ? learner.suggest(instance.text) : { spans: [], confidence: 0 };
    // keyword spans first; a learned span overlapping one is dropped
    const spans = [
      ...fromKeywords,
      ...learned.spans.filter((s) => !fromKeywords.some((k) => k.start < s.end && s.start < k.end)),
    ].sort((a, b) => a.start - b.start);
    if (!spans.length) {
      return noSuggestion(
        learner.documents < this.options.minExamples
          ? `no suggestion yet: the assistant has ${learner.documents} of the ${this.options.minExamples} texts with "${scheme.name}" spans it needs, and no keyword highlight matches this text`
          : `no spans suggested: no keyword highlight or word annotators usually mark occurs in this text`,
      );
    }
    const byLabel = new Map<string, number>();
    for (const s of spans) byLabel.set(s.label, (byLabel.get(s.label) ?? 0) + 1);
    const label = [...byLabel].sort((a, b) => b[1] - a[1])[0][0];
    const confidence =
      learned.spans.length && !fromKeywords.length
        ? learned.confidence
        : fromKeywords.length && !learned.spans.length
          ? 0.5
          : (learned.confidence + 0.5) / 2;
    const sources = [
      fromKeywords.length ? 'keyword highlights' : '',
      learned.spans.length ? `words annotators marked in ${learner.documents} texts` : '',
    ]
      .filter(Boolean)
      .join(' and ');
    return {
      label,
      confidence: round(confidence),
      rationale: `${spans.length} span${spans.length === 1 ? '' : 's'} from ${sources}`,
      words: [...new Set(spans.map((s) => s.text.toLowerCase()))].slice(0, 10),
      spans,
    };
  }
}
