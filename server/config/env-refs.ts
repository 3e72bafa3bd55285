/** `${NAME}` references in any string of the config, resolved from the environment. */

export class MissingEnvError extends Error {}

const REF = /\$\{([A-Za-z_][A-Za-z0-9_]*)\}/g;

/** Returns a copy of `value` with every `${NAME}` replaced; a missing variable throws, naming it and the key. */
export function resolveEnvRefs(value: unknown, env: NodeJS.ProcessEnv, path = ''): unknown {
  if (typeof value === 'string') {
    return value.replace(REF, (_, name: string) => {
      const found = env[name];
      if (found === undefined) throw new MissingEnvError(`${path || 'value'}: environment variable ${name} is not set`);
      return found;
    });
  }
  if (Array.isArray(value)) return value.map((v, i) => resolveEnvRefs(v, env, `${path}[${i}]`));
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [k, resolveEnvRefs(v, env, path ? `${path}.${k}` : k)]),
    );
  }
  return value;
}
