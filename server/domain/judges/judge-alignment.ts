/**
 * Potato's judge alignment: an LLM judge labels items the annotators have answered, under a rubric per scheme, and
 * its labels are compared with the annotators' majority (Cohen's κ, confusion, disagreements). Each rubric is a
 * prompt version: an edited rubric judges again under a new version, and the report keeps every version's κ so
 * calibration rounds can be compared. Labels are kept per (version, scheme, item); comparisons are derived on each
 * read from the answers as they stand, so a later or changed answer counts at once.
 */
import { notFound, unavailable } from '../errors.js';
import type { Clock, Store } from '../ports.js';
import type { Scheme, Task } from '../task.js';
import { buildPrompt, parseReply, type LlmClient } from '../ai/llm.js';
import { suggestTarget } from '../ai/provider.js';
import { humanLabels, majority, selectExamples, type AnswerReader } from '../icl/icl-examples.js';
import type { ModelLabel } from '../icl/icl-predictions.js';
import { alignmentOf, promptVersion, type Comparison, type SchemeAlignment } from './alignment.js';

export interface JudgeAlignmentSettings {
  enabled: boolean;
  /** scheme → rubric; the judged schemes (all single-choice ones when the config names none) */
  rubrics: Record<string, string>;
  fewShot: { enabled: boolean; maxExamples: number; minAgreement: number };
  modelMissing: string | null;
}

interface JudgePrediction extends ModelLabel {
  prompt_version: string;
}

declare module '../ports.js' {
  interface Tables {
    /** `<prompt version>\u0001<scheme>\u0001<instance id>` → the judge's label */
    judge_predictions: JudgePrediction;
  }
}

export interface JudgeDeps {
  store: Store;
  task: Task;
  clock: Clock;
  settings: JudgeAlignmentSettings;
  answers: AnswerReader;
  client: LlmClient | undefined;
}

const OFF =
  'judge alignment is not enabled in this project: the project owner turns it on with judge_alignment: {enabled: true}';
/** Bump when the judge's prompt changes, so labels under the old wording are not taken for the new. */
const PROMPT = '1';
const key = (version: string, schema: string, id: string) => `${version}\u0001${schema}\u0001${id}`;

export class JudgeAlignment {
  constructor(private readonly d: JudgeDeps) {}

  get enabled() {
    return this.d.settings.enabled;
  }

  /** The judged schemes: those the config gives rubrics for, else every single-choice one. */
  schemes(): Scheme[] {
    const single = this.d.task.schemes.filter((s) => {
      const t = suggestTarget(s);
      return t?.kind === 'labels' && !t.multi;
    });
    const named = Object.keys(this.d.settings.rubrics);
    return named.length ? single.filter((s) => named.includes(s.name)) : single;
  }

  private humanLabels(scheme: Scheme, id: string): string[] {
    return humanLabels(this.d.answers, scheme, id);
  }

  versionOf(scheme: Scheme, rubric = this.d.settings.rubrics[scheme.name] ?? ''): string {
    const f = this.d.settings.fewShot;
    return promptVersion(
      [PROMPT, scheme.name, rubric, f.enabled ? `few-shot ${f.maxExamples} ${f.minAgreement}` : ''].join('\n'),
    );
  }

  /**
   * Judges the answered items of each scheme not yet judged under its prompt version, up to `maxPerScheme` each.
   * A model failure stops the run: what was judged before it is kept, and when nothing was, the failure is the
   * answer (502/504). No model is a 503 naming ai_support.
   */
  async run(maxPerScheme: number, rubrics: Record<string, string>) {
    if (!this.enabled) throw unavailable(OFF);
    for (const name of Object.keys(rubrics))
      if (!this.schemes().some((s) => s.name === name))
        throw notFound(
          `rubrics.${name}: no judged scheme is named "${name}" (${this.schemes()
            .map((s) => s.name)
            .join(', ')})`,
        );
    const client = this.d.client;
    if (!client) throw unavailable(`the judge needs a model: ${this.d.settings.modelMissing}`);
    const made: JudgePrediction[] = [];
    const bySchema: Record<string, { prompt_version: string; judged: number; skipped: number }> = {};
    let failure: Error | undefined;
    for (const scheme of this.schemes()) {
      const rubric = rubrics[scheme.name] ?? this.d.settings.rubrics[scheme.name] ?? '';
      const version = this.versionOf(scheme, rubric);
      const answered = this.d.task.instances.filter((i) => this.humanLabels(scheme, i.id).length > 0);
      const todo = answered.filter((i) => !this.d.store.get('judge_predictions', key(version, scheme.name, i.id)));
      const batch = todo.slice(0, maxPerScheme);
      bySchema[scheme.name] = { prompt_version: version, judged: 0, skipped: answered.length - batch.length };
      for (const instance of failure ? [] : batch) {
        // few-shot examples never include the item being judged
        const examples = this.d.settings.fewShot.enabled
          ? selectExamples(
              this.d.task.instances
                .filter((i) => i.id !== instance.id)
                .map((i) => ({ instance_id: i.id, text: i.text, labels: this.humanLabels(scheme, i.id) })),
              {
                minAgreement: this.d.settings.fewShot.minAgreement,
                minAnnotators: 2,
                maxExamples: this.d.settings.fewShot.maxExamples,
              },
            )
          : [];
        const base = buildPrompt(instance, scheme, 'Judge the item');
        const shots = examples.flatMap((e) => [
          'Example:',
          '"""',
          e.text.slice(0, 1500),
          '"""',
          `Label: ${e.label}`,
          '',
        ]);
        const user = [rubric ? `Rubric: ${rubric}` : '', ...shots, base.user].filter(Boolean).join('\n');
        try {
          const reply = await client.complete({
            system: 'You judge texts against a rubric. You answer with one JSON object and nothing else.',
            user,
          });
          const s = parseReply(reply, scheme, instance.text, client.name);
          made.push({
            instance_id: instance.id,
            schema_name: scheme.name,
            predicted_label: s.label!,
            confidence: s.confidence,
            reasoning: s.rationale,
            model_name: client.model,
            prompt_version: version,
            examples_used: examples.map((e) => e.instance_id),
            created_at: new Date(this.d.clock.now()).toISOString(),
          });
          bySchema[scheme.name].judged++;
        } catch (e) {
          failure = e as Error;
        }
      }
    }
    if (!made.length && failure) throw failure;
    if (made.length)
      await this.d.store.write(
        made.map((p) => ({
          table: 'judge_predictions' as const,
          key: key(p.prompt_version, p.schema_name, p.instance_id),
          value: p,
        })),
      );
    return {
      judged: made.length,
      failed: failure ? 1 : 0,
      by_schema: bySchema,
      ...(failure ? { error: `the run stopped: ${failure.message}` } : {}),
    };
  }

  /** The report of one prompt version, or of each scheme's current one; every version's mean κ beside it. */
  report(version?: string) {
    const preds = [...this.d.store.entries('judge_predictions')].map(([, p]) => p);
    const versions = new Map<string, JudgePrediction[]>();
    for (const p of preds) versions.set(p.prompt_version, [...(versions.get(p.prompt_version) ?? []), p]);
    if (version !== undefined && !versions.has(version))
      throw notFound(
        `prompt_version: no judge labels under "${version}" (${[...versions.keys()].join(', ') || 'none yet'})`,
      );
    const per = (scheme: Scheme, v: string): SchemeAlignment & { prompt_version: string } => {
      const comparisons: Comparison[] = [];
      for (const p of versions.get(v) ?? []) {
        if (p.schema_name !== scheme.name) continue;
        const gold = majority(this.humanLabels(scheme, p.instance_id));
        if (gold)
          comparisons.push({
            instance_id: p.instance_id,
            human: gold.label,
            judge: p.predicted_label,
            confidence: p.confidence,
            reasoning: p.reasoning,
          });
      }
      const position = (id: string) => this.d.task.positionById.get(id) ?? Infinity;
      comparisons.sort((a, b) => position(a.instance_id) - position(b.instance_id));
      return {
        prompt_version: v,
        ...alignmentOf(
          scheme.labels.map((l) => l.name),
          comparisons,
        ),
      };
    };
    const per_schema = Object.fromEntries(this.schemes().map((s) => [s.name, per(s, version ?? this.versionOf(s))]));
    const prompt_versions = [...versions]
      .map(([v, ps]) => {
        const kappas = this.schemes()
          .filter((s) => ps.some((p) => p.schema_name === s.name))
          .map((s) => per(s, v).kappa)
          .filter((k): k is number => k !== null);
        return {
          prompt_version: v,
          n_predictions: ps.length,
          first_at: ps.map((p) => p.created_at).sort()[0],
          mean_kappa: kappas.length
            ? Math.round((kappas.reduce((a, b) => a + b, 0) / kappas.length) * 1000) / 1000
            : null,
        };
      })
      .sort((a, b) => a.first_at.localeCompare(b.first_at));
    return {
      enabled: this.enabled,
      model: this.d.client ? `${this.d.client.name}/${this.d.client.model}` : null,
      per_schema,
      prompt_versions,
    };
  }
}
