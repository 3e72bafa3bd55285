/**
 * Potato's judge calibration: several LLM judges each label the items k times (the modal label is the prediction,
 * the share of samples agreeing its confidence), a sample of the labelled items is drawn for the annotators to
 * label blind through the ordinary annotate page, and the report sets each judge against the human gold (accuracy,
 * κ, confusion, calibration). The judges' labels live in their own tables, never among the answers, so the annotate
 * page cannot show them. Generation runs in the background; its phase is stored, the running flag is this process's.
 */
import { conflict, notFound, unavailable } from '../errors.js';
import type { Clock, Store } from '../ports.js';
import type { Scheme, Task } from '../task.js';
import { buildPrompt, parseReply, type LlmClient } from '../ai/llm.js';
import type { AnswerReader } from '../icl/icl-examples.js';
import {
  drawSample,
  modalOf,
  type CalibrationReport,
  type SampleStrategy,
  type SchemeCalibration,
} from './calibration.js';
import { schemeCalibration, type JudgePrediction } from './calibration-report.js';

export interface JudgeCalibrationSettings {
  enabled: boolean;
  /** the judge prompt; {text}, {labels} and {description} are filled in per item and scheme */
  prompt: string;
  /** each judge's name (endpoint/model), in the order of the clients */
  models: string[];
  kSamples: number;
  /** items the judges label, in task order: the first maxItems, else this fraction, else all */
  maxItems: number | null;
  fraction: number | null;
  sampling: { strategy: SampleStrategy; stratifyBy: string | null; size: number; seed: number };
  gold: 'single' | 'majority';
  /** the evaluated single-choice schemes, by name */
  schemas: string[];
  nBins: number;
}

export type CalibrationPhase = 'setup' | 'generating' | 'human-calibration' | 'completed';

interface CalibrationRun {
  phase: CalibrationPhase;
  started_at: string;
  finished_at: string | null;
  /** the items the annotators label blind, drawn when generation ends */
  sample: string[];
  total: number;
  failed_samples: number;
  last_error: string | null;
}

interface JudgeLabel {
  model: string;
  schema: string;
  instance_id: string;
  samples: (string | null)[];
  modal_label: string | null;
  confidence: number;
}

declare module '../ports.js' {
  interface Tables {
    /** `current` → the calibration run's phase and sample */
    judge_calibration_runs: CalibrationRun;
    /** `<model>\u0001<scheme>\u0001<instance id>` → that judge's k samples */
    judge_calibration_labels: JudgeLabel;
    /** `current` → the last report built */
    judge_calibration_reports: CalibrationReport;
  }
}

export interface JudgeCalibrationDeps {
  store: Store;
  task: Task;
  clock: Clock;
  settings: JudgeCalibrationSettings;
  answers: AnswerReader;
  clients: LlmClient[];
}

const OFF =
  'judge calibration is not enabled in this project: the project owner turns it on with judge_calibration: {enabled: true}';
const labelKey = (model: string, schema: string, id: string) => `${model}\u0001${schema}\u0001${id}`;

export class JudgeCalibration {
  private running: Promise<void> | undefined;
  private done = 0;
  private stopping = false;
  /** why this process's last generation stopped short (a failed write), shown by the progress */
  private failure: string | null = null;

  constructor(private readonly d: JudgeCalibrationDeps) {}

  private now = () => new Date(this.d.clock.now()).toISOString();

  private schemes(): Scheme[] {
    return this.d.settings.schemas.map((n) => this.d.task.schemes.find((s) => s.name === n)!);
  }

  private items() {
    const { maxItems, fraction } = this.d.settings;
    const all = this.d.task.instances;
    const n = maxItems ?? (fraction !== null ? Math.ceil(all.length * fraction) : all.length);
    return all.slice(0, n);
  }

  private run(): CalibrationRun | undefined {
    return this.d.store.get('judge_calibration_runs', 'current');
  }

  /** The stored phase; a generation a restart cut short reads as setup, to be run again. */
  phase(): CalibrationPhase {
    const phase = this.run()?.phase ?? 'setup';
    return phase === 'generating' && !this.running ? 'setup' : phase;
  }

  status() {
    const s = this.d.settings;
    return {
      enabled: s.enabled,
      models: s.models,
      k_samples: s.kSamples,
      schemas: s.schemas,
      phase: this.phase(),
      n_labels: this.d.store.size('judge_calibration_labels'),
    };
  }

  progress() {
    const run = this.run();
    const interrupted = run?.phase === 'generating' && !this.running;
    return {
      phase: this.phase(),
      generating: this.running !== undefined,
      done: this.running ? this.done : (run?.total ?? 0) - (interrupted ? (run?.total ?? 0) : 0),
      total: run?.total ?? 0,
      failed_samples: run?.failed_samples ?? 0,
      sample_size: run?.sample.length ?? 0,
      started_at: run?.started_at ?? null,
      finished_at: run?.finished_at ?? null,
      error: interrupted
        ? (this.failure ?? 'generation was cut short by a restart: run it again')
        : (run?.last_error ?? null),
    };
  }

  /** Starts generation in the background; 409 while one runs. `wait` is for whoever needs it finished. */
  async start(): Promise<{ started: true; total: number; wait: Promise<void> }> {
    if (!this.d.settings.enabled) throw unavailable(OFF);
    if (this.running)
      throw conflict('a calibration run is generating already: follow it at /judge_calibration/progress');
    const total = this.d.settings.models.length * this.schemes().length * this.items().length;
    const run: CalibrationRun = {
      phase: 'generating',
      started_at: this.now(),
      finished_at: null,
      sample: [],
      total,
      failed_samples: 0,
      last_error: null,
    };
    await this.d.store.write([{ table: 'judge_calibration_runs', key: 'current', value: run }]);
    this.done = 0;
    this.failure = null;
    const wait = this.generate(run)
      .catch((e: Error) => void (this.failure = `generation stopped: ${e.message}`))
      .finally(() => (this.running = undefined));
    this.running = wait;
    return { started: true, total, wait };
  }

  private async generate(run: CalibrationRun) {
    let failed = 0;
    let lastError: string | null = null;
    const modal = new Map<string, string>(); // the first judge's modal label per item, the default stratum
    for (const [m, client] of this.d.clients.entries()) {
      const model = this.d.settings.models[m];
      for (const scheme of this.schemes())
        for (const instance of this.items()) {
          const samples: (string | null)[] = [];
          if (this.stopping) return;
          for (let k = 0; k < this.d.settings.kSamples; k++) {
            try {
              samples.push(await this.ask(client, scheme, instance));
            } catch (e) {
              failed++;
              lastError = `${model}: ${(e as Error).message}`;
              samples.push(null);
            }
          }
          const label: JudgeLabel = {
            model,
            schema: scheme.name,
            instance_id: instance.id,
            samples,
            ...modalOf(samples),
          };
          if (m === 0 && scheme === this.schemes()[0] && label.modal_label) modal.set(instance.id, label.modal_label);
          await this.d.store.write([
            { table: 'judge_calibration_labels', key: labelKey(model, scheme.name, instance.id), value: label },
          ]);
          this.done++;
        }
    }
    const { strategy, stratifyBy, size, seed } = this.d.settings.sampling;
    const stratum = (id: string) =>
      stratifyBy ? String(this.d.task.instanceById.get(id)?.data[stratifyBy] ?? '') : (modal.get(id) ?? '');
    const sample = drawSample(
      this.items().map((i) => i.id),
      strategy,
      size,
      seed,
      stratum,
    );
    const finished: CalibrationRun = {
      ...run,
      phase: 'human-calibration',
      finished_at: this.now(),
      sample,
      failed_samples: failed,
      last_error: lastError,
    };
    await this.d.store.write([{ table: 'judge_calibration_runs', key: 'current', value: finished }]);
  }

  private async ask(client: LlmClient, scheme: Scheme, instance: Task['instances'][number]): Promise<string> {
    const base = buildPrompt(instance, scheme, 'Label the item');
    const prompt = this.d.settings.prompt
      .replaceAll('{text}', instance.text)
      .replaceAll('{labels}', scheme.labels.map((l) => l.name).join(', '))
      .replaceAll('{description}', scheme.description);
    const reply = await client.complete({ system: `${prompt}\n\n${base.system}`, user: base.user });
    return parseReply(reply, scheme, instance.text, client.name).label!;
  }

  /** Resolves once no generation is under way (at once when none is): what a run started has been stored. */
  async settled() {
    await this.running;
  }

  /** Stops a generation under way after its current item (the server is closing); a later run starts afresh. */
  async stop() {
    this.stopping = true;
    await this.running;
  }

  /** Builds and keeps the report over the sample: 409 before generation has finished. */
  async build(): Promise<CalibrationReport> {
    if (!this.d.settings.enabled) throw unavailable(OFF);
    const run = this.run();
    const phase = this.phase();
    if (!run || phase === 'setup' || phase === 'generating')
      throw conflict(`the report is built once generation has finished (the run is in ${phase})`);
    const report: CalibrationReport = {
      built_at: this.now(),
      gold: this.d.settings.gold,
      sample_size: run.sample.length,
      models: this.d.settings.models,
      schemas: this.perScheme(run),
    };
    await this.d.store.write([
      { table: 'judge_calibration_reports', key: 'current', value: report },
      { table: 'judge_calibration_runs', key: 'current', value: { ...run, phase: 'completed' } },
    ]);
    return report;
  }

  report(): CalibrationReport {
    const r = this.d.store.get('judge_calibration_reports', 'current');
    if (!r) throw notFound('no calibration report yet: POST /judge_calibration/report builds it');
    return r;
  }

  private perScheme(run: CalibrationRun): Record<string, SchemeCalibration> {
    return Object.fromEntries(
      this.schemes().map((scheme) => {
        const predicted = new Map<string, Map<string, JudgePrediction>>();
        for (const model of this.d.settings.models) {
          const m = new Map<string, JudgePrediction>();
          for (const id of run.sample) {
            const l = this.d.store.get('judge_calibration_labels', labelKey(model, scheme.name, id));
            if (l?.modal_label) m.set(id, { modal_label: l.modal_label, confidence: l.confidence });
          }
          predicted.set(model, m);
        }
        const { answers } = this.d;
        const { gold, nBins } = this.d.settings;
        return [scheme.name, schemeCalibration({ scheme, sample: run.sample, answers, gold, predicted, nBins })];
      }),
    );
  }
}
