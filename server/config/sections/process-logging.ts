/**
 * Potato's `keystroke_logging` and `annotation_telemetry` sections: off unless `enabled: true` (upgrading never
 * starts recording anyone), `fidelity` (`summary` keeps no raw stream, whatever `store_events` says), the schemes in
 * scope, the screening thresholds (a name that is no rule's figure is refused: a typo must not leave a default in
 * force unnoticed). Keys that need parts we do not have are warned about with what happens instead.
 */
import { z } from 'zod';
import { looseBoolean, looseUnsignedNumber } from '../loose-values.js';
import { OFF, type ProcessLogSettings } from '../../domain/telemetry/settings.js';
import { TYPING_THRESHOLDS } from '../../domain/telemetry/typing-screen.js';
import { TELEMETRY_THRESHOLDS } from '../../domain/telemetry/drawing.js';

const names = z.union([z.string().transform((s) => [s]), z.array(z.string())]);
const ms = looseUnsignedNumber.pipe(z.number().int('a whole number of milliseconds').min(0));

const detection = z.lazy(() =>
  z.looseObject({
    enabled: looseBoolean.optional(),
    calibrate: looseBoolean.optional(),
    on_external_insert: z.enum(['allow', 'warn', 'block', 'flag']).optional(),
    thresholds: z.record(z.string(), looseUnsignedNumber).optional(),
  }),
);

const common = {
  enabled: looseBoolean.optional(),
  fidelity: z.enum(['off', 'summary', 'events']).optional(),
  store_events: looseBoolean.optional(),
  include_schemas: names.optional(),
  exclude_schemas: names.optional(),
  flush_interval_ms: ms.optional(),
  disclose_to_annotators: looseBoolean.optional(),
  disclosure_text: z.string().nullish(),
  detection: detection.optional(),
};

export const keystrokeLoggingSchema = z.lazy(() =>
  z.looseObject({
    ...common,
    classify_paste_source: looseBoolean.optional(),
    idle_session_ms: ms.optional(),
    pause_thresholds_ms: z.array(ms).min(1).max(10).optional(),
  }),
);

export const annotationTelemetrySchema = z.looseObject({ ...common, idle_ms: ms.optional() });

type Raw = z.output<typeof keystrokeLoggingSchema> & z.output<typeof annotationTelemetrySchema>;

export class ProcessLoggingConfigError extends Error {}

/** The settings of one section and the warnings for what it asks that is not done as written. */
export function readProcessLogging(
  section: 'keystroke_logging' | 'annotation_telemetry',
  raw: Raw | undefined,
): { settings: ProcessLogSettings; warnings: string[] } {
  if (!raw) return { settings: OFF, warnings: [] };
  const warnings: string[] = [];
  const known: readonly string[] = Object.keys(
    section === 'keystroke_logging' ? TYPING_THRESHOLDS : TELEMETRY_THRESHOLDS,
  );
  const thresholds = raw.detection?.thresholds ?? {};
  for (const name of Object.keys(thresholds))
    if (!known.includes(name))
      throw new ProcessLoggingConfigError(
        `${section}.detection.thresholds.${name}: no rule has this figure; the figures are ${known.join(', ')}`,
      );
  const settings: ProcessLogSettings = {
    enabled: raw.enabled ?? false,
    fidelity: raw.fidelity ?? 'events',
    storeEvents: raw.store_events ?? true,
    include: raw.include_schemas ?? [],
    exclude: raw.exclude_schemas ?? [],
    detection: raw.detection?.enabled ?? true,
    thresholds,
    pausesMs: raw.pause_thresholds_ms ?? OFF.pausesMs,
    idleMs: raw.idle_ms ?? raw.idle_session_ms ?? (section === 'keystroke_logging' ? 30_000 : 120_000),
    flushMs: raw.flush_interval_ms ?? (section === 'keystroke_logging' ? 5000 : 10_000),
    disclose: raw.disclose_to_annotators ?? true,
    disclosureText: raw.disclosure_text ?? null,
    classifyPaste: raw.classify_paste_source ?? true,
  };
  if (!settings.enabled) return { settings, warnings };
  if (raw.detection?.calibrate)
    warnings.push(
      `${section}.detection.calibrate is not acted on: no thresholds are fitted to the project; the built-in ones and detection.thresholds are used`,
    );
  if (raw.detection?.on_external_insert && raw.detection.on_external_insert !== 'flag')
    warnings.push(
      `${section}.detection.on_external_insert: ${raw.detection.on_external_insert} is not acted on: pastes are recorded and screened (flag); the page neither warns nor blocks`,
    );
  if (raw.fidelity === 'summary' && raw.store_events)
    warnings.push(`${section}.store_events is not acted on: fidelity: summary keeps no raw stream`);
  if (section === 'annotation_telemetry')
    warnings.push(
      "annotation_telemetry: our annotate page has no drawing tools and sends no telemetry; sessions posted to POST /api/track_annotation_telemetry (by Potato's page or a script) are recorded and screened",
    );
  if (!settings.disclose)
    warnings.push(
      `${section}.disclose_to_annotators: false: annotators are not told their ${section === 'keystroke_logging' ? 'typing rhythm' : 'work process'} is recorded; make sure your ethics approval covers this`,
    );
  return { settings, warnings };
}
