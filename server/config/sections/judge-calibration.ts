/**
 * Potato's `judge_calibration` section: the judges (`models`, each read as an `ai_support` of its own), the
 * prompt, `k_samples`, how many items they label (`max_items` / `fraction`), the blind sample (`sampling`), the
 * human gold (`human.gold`), the evaluated `schemas` and `calibration.n_bins`. Potato writes its labels and report
 * into files (`output`, `state_dir`); here they are kept in the project's store and read over HTTP, which start-up
 * says.
 */
import { z } from 'zod';
import { looseBoolean, looseUnsignedNumber } from '../loose-values.js';
import type { JudgeCalibrationSettings } from '../../domain/judges/judge-calibration.js';
import { aiSettingsFrom, aiSupportSchema, type AiSettings } from './ai.js';

const count = looseUnsignedNumber.pipe(z.number().int().min(1).max(1_000_000));

export const judgeCalibrationSchema = z.looseObject({
  enabled: looseBoolean.optional(),
  prompt: z.string().max(20_000).optional(),
  models: z
    .array(
      z.looseObject({
        endpoint_type: z.string(),
        model: z.string().min(1),
        base_url: z.string().optional(),
        api_key: z.string().optional(),
        temperature: z.number().min(0).max(2).optional(),
        max_tokens: z.number().int().min(1).max(100_000).optional(),
        timeout: z.number().positive().max(3600).optional(),
      }),
    )
    .max(20)
    .optional(),
  k_samples: looseUnsignedNumber.pipe(z.number().int().min(1).max(50)).optional(),
  max_items: count.nullable().optional(),
  fraction: looseUnsignedNumber.pipe(z.number().gt(0).max(1)).nullable().optional(),
  sampling: z
    .looseObject({
      strategy: z.enum(['random', 'stratified', 'all']).optional(),
      stratify_by: z.string().nullable().optional(),
      sample_size: count.optional(),
      seed: z.number().int().optional(),
    })
    .optional(),
  human: z
    .looseObject({
      num_raters: count.optional(),
      gold: z.enum(['single', 'majority']).optional(),
    })
    .optional(),
  schemas: z.array(z.string()).optional(),
  calibration: z
    .looseObject({ n_bins: looseUnsignedNumber.pipe(z.number().int().min(1).max(100)).optional() })
    .optional(),
  output: z.unknown().optional(),
  state_dir: z.unknown().optional(),
});

const SINGLE = new Set(['radio', 'select', 'likert']);

export interface JudgeCalibrationConfig {
  settings: JudgeCalibrationSettings;
  /** each judge's endpoint, in the order of `settings.models` */
  endpoints: AiSettings[];
}

export function readJudgeCalibration(
  raw: z.output<typeof judgeCalibrationSchema> | undefined,
  schemes: readonly { name: string; annotation_type: string; turn_level?: unknown }[],
  warn: (m: string) => void,
  fail: (m: string) => never,
): JudgeCalibrationConfig {
  const enabled = raw?.enabled === true;
  const endpoints: AiSettings[] = [];
  const models: string[] = [];
  for (const [i, m] of (raw?.models ?? []).entries()) {
    const { endpoint_type, model, ...ai_config } = m;
    const parsed = aiSupportSchema.safeParse({ endpoint_type, ai_config: { model, ...ai_config } });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      fail(`judge_calibration.models[${i}].${String(issue.path.at(-1) ?? 'endpoint_type')}: ${issue.message}`);
    }
    const settings = aiSettingsFrom(parsed.data);
    if (settings.endpointType === 'embedded')
      fail(`judge_calibration.models[${i}].endpoint_type: name an LLM endpoint (ollama, openai, anthropic)`);
    const name = settings.model; // Potato names a judge by its model
    if (models.includes(name)) fail(`judge_calibration.models[${i}]: ${name} is named twice`);
    models.push(name);
    endpoints.push(settings);
  }
  const single = schemes.filter((s) => SINGLE.has(s.annotation_type) && !s.turn_level);
  for (const name of raw?.schemas ?? []) {
    const scheme = schemes.find((s) => s.name === name);
    if (!scheme) fail(`judge_calibration.schemas: no annotation scheme is named "${name}"`);
    else if (!single.includes(scheme))
      fail(
        `judge_calibration.schemas: "${name}" is a ${scheme.turn_level ? 'turn-level ' : ''}${scheme.annotation_type} scheme; judges are calibrated on radio, select and likert schemes asked once per item`,
      );
  }
  const sampling = raw?.sampling ?? {};
  const settings: JudgeCalibrationSettings = {
    enabled,
    prompt: raw?.prompt ?? 'You are an impartial expert annotator.',
    models,
    kSamples: raw?.k_samples ?? 5,
    maxItems: raw?.max_items ?? (raw?.fraction == null ? 1000 : null),
    fraction: raw?.fraction ?? null,
    sampling: {
      strategy: sampling.strategy ?? 'stratified',
      stratifyBy: sampling.stratify_by ?? null,
      size: sampling.sample_size ?? 200,
      seed: sampling.seed ?? 42,
    },
    gold: raw?.human?.gold ?? 'single',
    schemas: raw?.schemas?.length ? raw.schemas : single.map((s) => s.name),
    nBins: raw?.calibration?.n_bins ?? 10,
  };
  if (!enabled) return { settings, endpoints };
  if (!models.length) warn('judge_calibration.models names no judge: a run labels nothing');
  if (settings.kSamples > 1)
    endpoints.forEach((e, i) => {
      if (e.temperature === 0)
        warn(
          `judge_calibration.models[${i}].temperature is 0: its ${settings.kSamples} samples will agree, so every confidence is 1 and the calibration says nothing`,
        );
    });
  if (raw?.output !== undefined || raw?.state_dir !== undefined)
    warn(
      'judge_calibration.output and state_dir are not acted on: the labels and the report are kept in the project store and read at /judge_calibration/report (?format=json)',
    );
  if (raw?.human?.num_raters !== undefined)
    warn(
      'judge_calibration.human.num_raters is not acted on: the sample is handed out as every item is (max_annotations_per_instance decides how many label each); human↔human κ is reported whenever two annotators share sample items',
    );
  return { settings, endpoints };
}
