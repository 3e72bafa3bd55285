/** Which top-level keys the server knows, and the warning for each one it does not, at the top or inside a section. */
import { COMPAT_KEYS } from './potato-compat.js';
import { COHORT_KEYS } from './cohort-schemes.js';
import { COT_KEYS } from './cot-segmentation.js';
import { DATA_SOURCE_KEYS } from './data-sources.js';
import { DISPLAY_KEYS } from './display-config.js';
import { INSTRUCTION_KEYS } from './instructions-config.js';
import { PHASE_SOURCE_KEYS } from './phase-config.js';
import { IDIOM_KEYS } from './potato-idioms.js';
import { PAGE_KEYS, PAGE_KEYS_NESTED, WARNED_KEYS } from './presentation-warnings.js';
import { SERVER_KEYS } from './server-section.js';
import { configSchema } from './schema.js';
import { unknownKeys } from './unknown-keys.js';

/** Top-level keys outside the schema that a module acts on or warns about (the schema's own are known too). */
export const READ_ELSEWHERE: ReadonlySet<string> = new Set([
  ...DISPLAY_KEYS,
  ...INSTRUCTION_KEYS,
  ...IDIOM_KEYS,
  ...PHASE_SOURCE_KEYS,
  ...DATA_SOURCE_KEYS,
  ...WARNED_KEYS,
  ...COMPAT_KEYS,
  ...COT_KEYS,
  ...SERVER_KEYS,
  ...COHORT_KEYS,
]);

export function unknownKeyWarnings(top: Record<string, unknown>): string[] {
  const warnings: string[] = [];
  const knownKeys = new Set([...Object.keys(configSchema.shape), ...READ_ELSEWHERE]);
  for (const key of Object.keys(top)) {
    if (!knownKeys.has(key) && !PAGE_KEYS.has(key)) warnings.push(`unknown key "${key}" is ignored`);
    // inside sections too; schemes pass extra keys on to frontends, and phase blocks are named by the user
    else if (Object.hasOwn(configSchema.shape, key) && key !== 'annotation_schemes' && key !== 'phases') {
      const section = configSchema.shape[key as keyof typeof configSchema.shape];
      for (const nested of unknownKeys(section, top[key], key)) {
        if (!PAGE_KEYS_NESTED.has(nested)) warnings.push(`unknown key "${nested}" is ignored`);
      }
    }
  }
  return warnings;
}
