/**
 * The AI assistant as the HTTP layer sees it: checks that it is on and that the caller may see the instance,
 * asks the provider through the cache, shapes the two answers (per-scheme suggestions; help for one scheme),
 * and records whether annotators' final labels matched what they were shown, for the acceptance rate.
 * Suggestions are never written as annotations.
 */
import { schemesFor } from '../schemes/cohort-views.js';
import { invalid, notFound } from '../errors.js';
import type { Logger, Store, StoreOp } from '../ports.js';
import type { Instance, RuntimeSettings, Scheme, Task } from '../task.js';
import type { AnnotationService, ExternalAnswer, SubmitContext, SubmitHook } from '../annotation/annotation-service.js';
import { annotationKey } from '../annotation/records.js';
import { findKeywords, type compileRules } from '../annotation/keywords.js';
import { choiceText, choiceTextOf, chosenOf, suggestTarget, type AiProvider, type Suggestion } from './provider.js';
import { SuggestionCache } from './cache.js';
import { EmbeddedProvider } from './embedded.js';
import { LlmProvider, type LlmClient } from './llm.js';
import { offers } from '../schemes/kinds.js';

/** What an annotator was last shown for one scheme of one instance. */
interface ShownRecord {
  username: string;
  instance_id: string;
  schema: string;
  provider: string;
  label: string;
  labels?: string[];
  shown_at: string;
}

/** Whether the annotator's final label matched the suggestion they were shown. */
interface OutcomeRecord extends Omit<ShownRecord, 'shown_at' | 'labels'> {
  final: string[];
  matched: boolean;
  decided_at: string;
}

declare module '../ports.js' {
  interface Tables {
    ai_shown: ShownRecord;
    ai_outcomes: OutcomeRecord;
  }
}

export interface Keyword {
  text: string;
  start: number;
  end: number;
  label: string | null;
  /** keyword_highlight (the project's keyword list), suggestion (a suggested span) or evidence (a word that weighed) */
  source: 'keyword_highlight' | 'suggestion' | 'evidence';
}

export interface AiServiceDeps {
  task: Task;
  store: Store;
  logger: Logger;
  annotations: AnnotationService;
  settings: () => RuntimeSettings;
  keywordRules: ReturnType<typeof compileRules>;
  now: () => string;
  /** an LLM to ask; without one the embedded learner is used */
  llm?: LlmClient;
  minExamples: number;
}

const shownKey = (username: string, instanceId: string, scheme: string) =>
  `${annotationKey(username, instanceId)}\u0001${scheme}`;
const ratio = (part: number, whole: number) => (whole ? Math.round((part / whole) * 10_000) / 10_000 : null);
const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** A suggestion of labels the item does not offer (dynamic_options) is kept from the annotator. */
function offeredOnly(s: Suggestion, scheme: Scheme, instance: Instance): Suggestion {
  const shown = (label: string) => offers(scheme, instance.data, label);
  if (s.label === null || (shown(s.label) && (s.labels ?? []).every(shown))) return s;
  const labels = (s.labels ?? [s.label]).filter(shown);
  if (!labels.length)
    return { label: null, confidence: null, rationale: 'the suggested label is not offered for this item', words: [] };
  return { ...s, label: labels[0], ...(s.labels ? { labels } : {}) };
}

export class AiService implements SubmitHook {
  readonly provider: AiProvider;
  /**
   * The embedded learner, kept even when an LLM answers the assistant: active learning ranks items by it. It
   * costs nothing until first asked (it reads the stored annotations then).
   */
  readonly embedded: EmbeddedProvider;
  private readonly cache: SuggestionCache;

  constructor(private readonly deps: AiServiceDeps) {
    this.embedded = new EmbeddedProvider(deps.task, deps.store, deps.keywordRules, { minExamples: deps.minExamples });
    this.provider = deps.llm ? new LlmProvider(deps.llm, () => deps.settings().annotation_task_name) : this.embedded;
    this.cache = new SuggestionCache(deps.store, deps.logger, deps.now);
  }

  /** Resolves when the embedded learner has read the annotations saved before start. */
  whenReady(): Promise<void> {
    return this.provider === this.embedded ? this.embedded.whenReady() : Promise.resolve();
  }

  close(): Promise<void> {
    return this.embedded.stop();
  }

  private async access(username: string, instanceId: string): Promise<Instance> {
    if (!this.deps.settings().ai_enabled) {
      throw invalid(
        'the AI assistant is turned off for this project (ai_support.enabled is false); an admin can turn it on with POST /admin/api/config {"ai_support.enabled": true}',
      );
    }
    return this.deps.annotations.instanceFor(username, instanceId);
  }

  private async suggestion(instance: Instance, scheme: Scheme): Promise<Suggestion> {
    const key = SuggestionCache.key(instance.id, scheme.name, this.provider);
    const { suggestion } = await this.cache.get(key, this.provider.version(scheme), () =>
      this.provider.suggest(instance, scheme),
    );
    return offeredOnly(suggestion, scheme, instance);
  }

  /** GET /get_ai_suggestion: a suggestion for every scheme the assistant handles. */
  async suggestions(username: string, instanceId: string) {
    const instance = await this.access(username, instanceId);
    // only the caller's own schemes: another cohort's are not on their page
    const schemes = schemesFor(this.deps.task, username).filter((s) => suggestTarget(s) !== null);
    const found = await Promise.all(schemes.map((scheme) => this.suggestion(instance, scheme)));
    const suggestions: Record<string, Record<string, unknown>> = {};
    schemes.forEach((scheme, i) => {
      const s = found[i];
      const target = suggestTarget(scheme)!;
      suggestions[scheme.name] = {
        label: s.label,
        confidence: s.confidence,
        rationale: s.rationale,
        ...(s.labels ? { labels: s.labels } : {}),
        ...(s.label !== null && target.kind === 'value' ? { text: choiceTextOf(target, s.label) } : {}),
        ...(s.spans ? { spans: s.spans } : {}),
      };
    });
    this.remember(username, instance.id, schemes, found);
    return { instance_id: instance.id, provider: this.provider.name, model: this.provider.model, suggestions };
  }

  /** GET /api/ai_assistant: help for one schema: a hint, the suggested label and the words to look at. */
  async assistant(username: string, instanceId: string, schemeName: string) {
    const instance = await this.access(username, instanceId);
    const scheme = this.deps.task.schemeByName.get(schemeName);
    if (!scheme) throw notFound(`no scheme named "${schemeName}"`);
    const target = suggestTarget(scheme);
    if (!target) {
      throw invalid(
        `schema: "${schemeName}" is a ${scheme.annotation_type} scheme${scheme.annotation_type === 'pairwise' ? ' not in binary mode' : ''}; the assistant helps with radio, select, likert, multiselect, span, triage and binary pairwise schemes`,
      );
    }
    const s = await this.suggestion(instance, scheme);
    this.remember(username, instance.id, [scheme], [s]);
    const percent = s.confidence === null ? '' : ` (${Math.round(s.confidence * 100)}% confident)`;
    return {
      instance_id: instance.id,
      schema: scheme.name,
      provider: this.provider.name,
      model: this.provider.model,
      hint:
        s.label === null
          ? s.rationale
          : `Suggested: ${s.labels?.join(', ') ?? choiceText(target, s.label)}${percent}. ${s.rationale}`.trim(),
      suggested_label: s.label,
      ...(s.labels ? { suggested_labels: s.labels } : {}),
      confidence: s.confidence,
      keywords: this.keywords(instance, scheme, s),
    };
  }

  /** Where to look in the text: keyword highlights of the scheme, suggested spans, and the words that weighed. */
  private keywords(instance: Instance, scheme: Scheme, s: Suggestion): Keyword[] {
    const out: Keyword[] = findKeywords(this.deps.task, this.deps.keywordRules, instance.text)
      .filter((k) => k.schema === scheme.name)
      .map((k) => ({ text: k.text, start: k.start, end: k.end, label: k.label, source: 'keyword_highlight' as const }));
    for (const span of s.spans ?? []) out.push({ ...span, source: 'suggestion' });
    for (const word of s.words) {
      const pattern = new RegExp(
        `(?<![\\p{L}\\p{N}_])${escape(word).replace(/\s+/g, '\\s+')}(?![\\p{L}\\p{N}_])`,
        'giu',
      );
      for (const m of instance.text.matchAll(pattern))
        out.push({ text: m[0], start: m.index!, end: m.index! + m[0].length, label: s.label, source: 'evidence' });
    }
    const seen = new Set<string>();
    return out
      .filter((k) => {
        const id = `${k.start}:${k.end}`;
        return seen.has(id) ? false : (seen.add(id), true);
      })
      .sort((a, b) => a.start - b.start)
      .slice(0, 100);
  }

  /** Notes what the annotator was shown, so their final answer can be compared with it. Best effort. */
  private remember(username: string, instanceId: string, schemes: Scheme[], found: Suggestion[]): void {
    const ops: StoreOp[] = [];
    schemes.forEach((scheme, i) => {
      const s = found[i];
      if (s.label === null || suggestTarget(scheme)?.kind === 'spans') return;
      const key = shownKey(username, instanceId, scheme.name);
      const before = this.deps.store.get('ai_shown', key);
      if (
        before &&
        before.label === s.label &&
        before.provider === this.provider.name &&
        String(before.labels) === String(s.labels)
      )
        return;
      const value: ShownRecord = {
        username,
        instance_id: instanceId,
        schema: scheme.name,
        provider: this.provider.name,
        label: s.label,
        shown_at: this.deps.now(),
      };
      if (s.labels) value.labels = s.labels;
      ops.push({ table: 'ai_shown', key, value });
    });
    if (ops.length)
      this.deps.store
        .write(ops)
        .catch((e) => this.deps.logger.warn(`could not record an AI suggestion shown: ${(e as Error).message}`));
  }

  /** SubmitHook: the learner picks the change up, and the outcome of a shown suggestion is recorded with it. */
  after(ctx: SubmitContext): { ops?: StoreOp[] } | undefined {
    if (!ctx.changed) return undefined;
    this.embedded.touch(annotationKey(ctx.username, ctx.instance.id));
    if (!this.deps.store.size('ai_shown')) return undefined; // no suggestion was ever shown: nothing to settle
    const ops: StoreOp[] = [];
    for (const scheme of this.deps.task.schemes) {
      const key = shownKey(ctx.username, ctx.instance.id, scheme.name);
      const shown = this.deps.store.get('ai_shown', key);
      if (!shown) continue;
      const target = suggestTarget(scheme);
      if (!target) continue;
      const final = chosenOf(target, ctx.after.labels[scheme.name]);
      if (!final.length) {
        if (this.deps.store.get('ai_outcomes', key)) ops.push({ table: 'ai_outcomes', key, delete: true });
        continue;
      }
      const matched = target.kind === 'labels' && target.multi ? final.includes(shown.label) : final[0] === shown.label;
      const { shown_at: _shownAt, labels: _labels, ...base } = shown;
      ops.push({ table: 'ai_outcomes', key, value: { ...base, final, matched, decided_at: this.deps.now() } });
    }
    return { ops };
  }

  /** SubmitHook: another process's answer is learned like one of ours (its outcome rows came with it). */
  external(change: ExternalAnswer): void {
    this.embedded?.touch(annotationKey(change.username, change.instanceId));
  }

  /** For admins: how often annotators' final labels matched the suggestion they were shown. */
  acceptance() {
    const byScheme: Record<string, { decided: number; accepted: number; acceptance_rate: number | null }> = {};
    let decided = 0;
    let accepted = 0;
    for (const [, o] of this.deps.store.entries('ai_outcomes')) {
      const row = (byScheme[o.schema] ??= { decided: 0, accepted: 0, acceptance_rate: null });
      row.decided++;
      decided++;
      if (o.matched) {
        row.accepted++;
        accepted++;
      }
    }
    for (const row of Object.values(byScheme)) row.acceptance_rate = ratio(row.accepted, row.decided);
    return {
      enabled: this.deps.settings().ai_enabled,
      provider: this.provider.name,
      model: this.provider.model,
      shown: this.deps.store.size('ai_shown'),
      decided,
      accepted,
      acceptance_rate: ratio(accepted, decided),
      by_schema: byScheme,
    };
  }
}
