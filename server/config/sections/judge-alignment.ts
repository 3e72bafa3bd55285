/**
 * Potato's `judge_alignment` section: `enabled`, `schemas` (scheme → `{rubric}`; the judged schemes, all
 * single-choice ones when none is named; a name that is not a single-choice scheme, or is asked per turn, stops
 * start-up), `few_shot`
 * (agreed items as examples). The model is ai_support's. Potato's inline mode (the judge's verdict beside the
 * annotator's form) is not built: start-up says so.
 */
import { z } from 'zod';
import { looseBoolean, looseUnsignedNumber } from '../loose-values.js';
import type { JudgeAlignmentSettings } from '../../domain/judges/judge-alignment.js';
import { llmMissing, type RawAiSupport } from './ai.js';

export const judgeAlignmentSchema = z.lazy(() =>
  z.looseObject({
    enabled: looseBoolean.optional(),
    schemas: z.record(z.string(), z.looseObject({ rubric: z.string().optional() }).nullable()).optional(),
    few_shot: z
      .looseObject({
        enabled: looseBoolean.optional(),
        max_examples: looseUnsignedNumber.pipe(z.number().int().min(1).max(50)).optional(),
        min_agreement: looseUnsignedNumber.pipe(z.number().min(0).max(1)).optional(),
      })
      .optional(),
    inline: z.looseObject({}).optional(),
  }),
);

const SINGLE = new Set(['radio', 'select', 'likert']);

export function readJudgeAlignment(
  raw: z.output<typeof judgeAlignmentSchema> | undefined,
  ai: RawAiSupport | undefined,
  schemes: readonly { name: string; annotation_type: string; turn_level?: unknown }[],
  warn: (m: string) => void,
  fail: (m: string) => never,
): JudgeAlignmentSettings {
  const rubrics: Record<string, string> = {};
  for (const [name, block] of Object.entries(raw?.schemas ?? {})) {
    const scheme = schemes.find((s) => s.name === name);
    if (!scheme) fail(`judge_alignment.schemas.${name}: no annotation scheme is named "${name}"`);
    else if (!SINGLE.has(scheme.annotation_type))
      fail(
        `judge_alignment.schemas.${name}: "${name}" is a ${scheme.annotation_type} scheme; the judge labels radio, select and likert schemes`,
      );
    // a per-turn document has no one label for the judge to give: turn-level schemes are not judged
    else if (scheme.turn_level)
      fail(`judge_alignment.schemas.${name}: "${name}" is asked per turn (turn_level); the judge labels whole items`);
    rubrics[name] = block?.rubric ?? '';
  }
  const f = raw?.few_shot ?? {};
  const settings: JudgeAlignmentSettings = {
    enabled: raw?.enabled === true,
    rubrics,
    fewShot: { enabled: f.enabled === true, maxExamples: f.max_examples ?? 4, minAgreement: f.min_agreement ?? 0.8 },
    modelMissing: llmMissing(ai),
  };
  if (!settings.enabled) return settings;
  if (settings.modelMissing)
    warn(`judge_alignment: ${settings.modelMissing}; until then the report reads, and a run answers 503`);
  if (raw?.inline)
    warn(
      "judge_alignment.inline: the annotate page does not show the judge's verdict; the report compares each saved answer with it on every read (GET /admin/judge-alignment)",
    );
  return settings;
}
