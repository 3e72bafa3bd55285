/**
 * A span scheme's `target_field` (Potato's): the one field its spans go in. It must name the text field or a
 * span_target field of instance_display, else the annotator could never make a span of the scheme.
 */
import type { DisplaySpec } from '../domain/display/types.js';
import type { Scheme } from '../domain/task.js';
import { ConfigError } from './config-error.js';

export function checkSpanSchemeFields(schemes: readonly Scheme[], display: DisplaySpec, file: string): void {
  const targets = display.kind === 'fields' ? display.fields.filter((f) => f.spanTarget).map((f) => f.key) : [];
  const allowed = new Set([display.textKey, ...targets]);
  schemes.forEach((s, i) => {
    if (s.target_field === undefined || allowed.has(s.target_field)) return;
    throw new ConfigError(
      file,
      `annotation_schemes[${i}] (${s.name}).target_field: "${s.target_field}" is neither the text field "${display.textKey}" nor a span_target field of instance_display${targets.length ? ` (${targets.join(', ')})` : ''}`,
    );
  });
}
