/**
 * A config file as a mapping of top-level keys: YAML parsed, `${NAME}` environment references filled in, types checked.
 */
import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument, type Document } from 'yaml';
import { ConfigError } from './config-error.js';
import { resolveEnvRefs, MissingEnvError } from './env-refs.js';
import { checkKeyTypes } from './key-types.js';
import { READ_ELSEWHERE } from './top-level-keys.js';

export interface ConfigYaml {
  top: Record<string, unknown>;
  /** the parsed document and its line positions, for warnings that point at a line (repeated keys) */
  doc: Document;
  lineCounter: LineCounter;
}

export function readConfigYaml(path: string, env: NodeJS.ProcessEnv): ConfigYaml {
  // PyYAML lets a repeated key's last value win, and Potato configs rely on it: so do we, with a warning
  const lineCounter = new LineCounter();
  const doc = parseDocument(readFileSync(path, 'utf8'), { uniqueKeys: false, lineCounter });
  if (doc.errors.length) throw new ConfigError(path, `not valid YAML: ${doc.errors[0].message}`);
  let resolved: unknown;
  try {
    resolved = resolveEnvRefs(doc.toJS(), env);
  } catch (e) {
    if (e instanceof MissingEnvError) throw new ConfigError(path, e.message);
    throw e;
  }
  if (!resolved || typeof resolved !== 'object' || Array.isArray(resolved))
    throw new ConfigError(path, 'the config must be a YAML mapping of keys to values');
  const top = checkKeyTypes(resolved as Record<string, unknown>, READ_ELSEWHERE, (key, reason) => {
    throw new ConfigError(path, `${key}: ${reason}`);
  });
  return { top, doc, lineCounter };
}
