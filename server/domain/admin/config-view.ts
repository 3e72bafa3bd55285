/**
 * The effective configuration as admins see it (GET /admin/api/config) and the settings they may change
 * (POST). Secrets are replaced by "***" wherever they sit, so a config can be shown, logged or pasted safely.
 */
import type { RuntimeSettings } from '../task.js';

const SECRET_KEY = /(secret|password|passwd|pass|api_key|apikey|token|private_key)$/i;

function redactSecrets(value: unknown, key = ''): unknown {
  if (SECRET_KEY.test(key) && value !== undefined && value !== null && value !== '') return '***';
  if (Array.isArray(value)) return value.map((v) => redactSecrets(v));
  if (value && typeof value === 'object') {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, redactSecrets(v, k)]));
  }
  return value;
}

/** Names admins use for the runtime settings (the config's own spelling), and where each lives. */
export const SETTING_NAMES = {
  annotation_task_name: 'annotation_task_name',
  num_annotators_per_item: 'num_annotators_per_item',
  max_annotations_per_user: 'max_annotations_per_user',
  assignment_strategy: 'assignment_strategy',
  'webhooks.enabled': 'webhooks_enabled',
  'ai_support.enabled': 'ai_enabled',
} as const satisfies Record<string, keyof RuntimeSettings>;
export type SettingName = keyof typeof SETTING_NAMES;

/** The raw config with the current runtime settings written over it, secrets redacted. */
export function effectiveConfig(raw: Record<string, unknown>, settings: RuntimeSettings): Record<string, unknown> {
  const view: Record<string, unknown> = {
    ...raw,
    annotation_task_name: settings.annotation_task_name,
    num_annotators_per_item: settings.num_annotators_per_item,
    max_annotations_per_user: settings.max_annotations_per_user,
    assignment_strategy: settings.assignment_strategy,
    webhooks: { ...(raw.webhooks as object | undefined), enabled: settings.webhooks_enabled },
    ai_support: { ...(raw.ai_support as object | undefined), enabled: settings.ai_enabled },
  };
  return redactSecrets(view) as Record<string, unknown>;
}

/** Maps `{"webhooks.enabled": false}` style changes to the runtime settings they set. */
export function toSettings(changes: Partial<Record<SettingName, unknown>>): Partial<RuntimeSettings> {
  const out: Record<string, unknown> = {};
  for (const [name, value] of Object.entries(changes)) out[SETTING_NAMES[name as SettingName]] = value;
  return out as Partial<RuntimeSettings>;
}
