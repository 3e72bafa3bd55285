/**
 * Potato's `annotator_dashboard`: `true` turns the annotator's progress page on with its defaults, a block picks
 * what it shows. Off (the default), `/progress` leads to the annotate screen and its summary is a 404.
 */
import { z } from 'zod';
import { looseBoolean } from '../loose-values.js';
import { DASHBOARD_OFF, type AnnotatorDashboardSettings } from '../../domain/annotator-dashboard/summary.js';

export const annotatorDashboardSchema = z.lazy(() =>
  z.union([
    looseBoolean,
    // loose, so a misspelt key is named in a warning below rather than dropped by the parse
    z.looseObject({
      enabled: looseBoolean.optional(),
      show_project_progress: looseBoolean.optional(),
      show_personal_progress: looseBoolean.optional(),
      show_active_annotators: looseBoolean.optional(),
    }),
  ]),
);

const KNOWN = new Set(['enabled', 'show_project_progress', 'show_personal_progress', 'show_active_annotators']);

export function readAnnotatorDashboard(
  raw: z.infer<typeof annotatorDashboardSchema> | undefined,
  warn: (m: string) => void,
): AnnotatorDashboardSettings {
  if (raw === undefined || raw === false) return DASHBOARD_OFF;
  if (raw === true) return { ...DASHBOARD_OFF, enabled: true };
  for (const key of Object.keys(raw))
    if (!KNOWN.has(key)) warn(`unknown key "annotator_dashboard.${key}" is ignored (known: ${[...KNOWN].join(', ')})`);
  const settings = {
    enabled: raw.enabled ?? false,
    showProject: raw.show_project_progress ?? true,
    showPersonal: raw.show_personal_progress ?? true,
    showActive: raw.show_active_annotators ?? false,
  };
  if (!settings.enabled && Object.keys(raw).some((k) => k !== 'enabled'))
    warn('annotator_dashboard: its show_* keys are not acted on while enabled is not true (the progress page is off)');
  return settings;
}
