/**
 * The codebook's settings in Potato's spellings: `codebook_mode` (or `codebook.mode`, or `qda_mode.codebook.mode`),
 * `qda_mode.codebook.enabled`, `codebook.distiller` and the schemes marked `codebook: true`, whose labels seed it.
 * QDA mode makes `open` the default; a crowd study (workers signed in from a platform's link) is held to `fixed`,
 * as Potato holds it, whatever the config asks.
 */
import { z } from 'zod';
import { looseBoolean } from '../loose-values.js';
import { CODEBOOK_MODES, type CodebookMode } from '../../domain/codebook/codes.js';
import { BLOCK_TYPE_KEYS, DEFAULT_DISTILLED_TYPES } from '../../domain/codebook/blocks.js';
import type { CodebookSettings } from '../../domain/codebook/codebook.js';
import type { RawScheme } from '../schema.js';
import type { CaseSettings } from '../../domain/cases/cases.js';

export const codebookModeSchema = z.enum(CODEBOOK_MODES);

export const qdaCodebookSchema = z.object({
  enabled: looseBoolean.optional(),
  mode: codebookModeSchema.optional(),
});

export const codebookSchema = z.lazy(() =>
  z.object({
    mode: codebookModeSchema.optional(),
    distiller: z
      .object({
        procedure: z.literal('concat').optional(),
        block_types: z.array(z.enum(BLOCK_TYPE_KEYS)).optional(),
      })
      .optional(),
  }),
);

export const casesSchema = z.lazy(() =>
  z.object({
    enabled: looseBoolean.optional(),
    key: z.string().min(1).optional(),
    auto_detect: looseBoolean.optional(),
    attributes: z.array(z.string().min(1)).default([]),
  }),
);

/** `cases`: on when asked, or under QDA mode unless `cases.enabled: false`. */
export function readCaseSettings(
  cases: z.infer<typeof casesSchema> | undefined,
  qda: boolean,
  warn: (m: string) => void,
): CaseSettings {
  if (cases?.auto_detect === false)
    warn('cases.auto_detect: false is not acted on: cases are always read from the items’ data');
  return { enabled: cases?.enabled ?? qda, key: cases?.key ?? null, attributes: cases?.attributes ?? [] };
}

interface CodebookInput {
  codebook_mode?: CodebookMode;
  codebook?: z.infer<typeof codebookSchema>;
  codebook_invivo_key?: string;
  qda_mode?: { enabled?: boolean; codebook?: z.infer<typeof qdaCodebookSchema> };
  annotation_schemes: RawScheme[];
}

export function readCodebookSettings(
  raw: CodebookInput,
  crowd: boolean,
  warn: (m: string) => void,
): CodebookSettings & { qda: boolean } {
  const qda = raw.qda_mode?.enabled === true;
  const asked = raw.qda_mode?.codebook?.mode ?? raw.codebook_mode ?? raw.codebook?.mode;
  let mode: CodebookMode = asked ?? (qda ? 'open' : 'fixed');
  if (crowd && mode !== 'fixed') {
    if (asked) warn(`codebook_mode: ${asked} is held to fixed: crowd workers do not reshape a study's codebook`);
    mode = 'fixed';
  }
  const seeds: CodebookSettings['seeds'] = [];
  raw.annotation_schemes.forEach((s, i) => {
    const flag = (s as Record<string, unknown>).codebook;
    if (flag !== true && flag !== 'true' && flag !== 'True') return;
    seeds.push({ scheme: s.name, labels: (s.labels ?? []).map((l) => l.name) });
    warn(
      `annotation_schemes[${i}] (${s.name}).codebook: its labels seed the codebook (/api/codebook), but codes added there later are not offered as this scheme's choices; the scheme keeps its config labels`,
    );
  });
  if (raw.codebook_invivo_key !== undefined)
    warn('codebook_invivo_key is not acted on: in-vivo coding (a code minted from a selected passage) is not built');
  if (raw.codebook?.distiller)
    warn(
      'codebook.distiller: the distilled text is served at /api/codebook/distilled, but AI suggestions do not carry it',
    );
  return {
    enabled: raw.qda_mode?.codebook?.enabled !== false,
    mode,
    seeds,
    stamp: seeds.length > 0 || qda,
    distilledTypes: raw.codebook?.distiller?.block_types ?? DEFAULT_DISTILLED_TYPES,
    qda,
  };
}
