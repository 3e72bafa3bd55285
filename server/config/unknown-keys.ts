/**
 * Finds keys the config schema does not know inside its sections (`user_config.alow_all_users`,
 * `webhooks.endpoints[0].secert`): the sections accept extra keys, so without this a typo would silently fall
 * back to a default — for a webhook secret, to unsigned deliveries. Walks the zod schema alongside the value.
 */
import type { ZodType } from 'zod';

interface Def {
  type: string;
  shape?: Record<string, ZodType>;
  element?: ZodType;
  innerType?: ZodType;
  in?: ZodType;
  /** z.lazy's: schemas built on first use (to keep them out of start-up) */
  getter?: () => ZodType;
}

const defOf = (schema: ZodType) => (schema as unknown as { _zod: { def: Def } })._zod.def;

/** The object or array schema under wrappers (optional, default, pipe, lazy, …); undefined for anything else. */
function core(schema: ZodType): Def | undefined {
  let def = defOf(schema);
  for (let depth = 0; depth < 10; depth++) {
    if (def.type === 'object' || def.type === 'array') return def;
    const inner = def.innerType ?? def.in ?? def.getter?.();
    if (!inner) return undefined;
    def = defOf(inner);
  }
  return undefined;
}

export function unknownKeys(schema: ZodType, value: unknown, path: string): string[] {
  const def = core(schema);
  if (!def || value === null || typeof value !== 'object') return [];
  if (def.type === 'array') {
    return Array.isArray(value) && def.element
      ? value.flatMap((item, i) => unknownKeys(def.element!, item, `${path}[${i}]`))
      : [];
  }
  if (Array.isArray(value) || !def.shape) return [];
  const found: string[] = [];
  for (const [key, inner] of Object.entries(value)) {
    const known = def.shape[key];
    if (!known) found.push(`${path}.${key}`);
    else found.push(...unknownKeys(known, inner, `${path}.${key}`));
  }
  return found;
}
