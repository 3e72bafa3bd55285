/**
 * Where the admin's study management finds the crowd platform (Prolific): the token and study from
 * `prolific.token`/`study_id`, `crowdsourcing.prolific.token`/`study_id`, or the YAML file
 * `prolific.config_file_path` names (Potato's three places, first found wins), and the API's base URL from
 * `prolific.api_base_url` (ours: Potato has none; Prolific's own by default). Secrets belong in the environment
 * (`token: ${PROLIFIC_TOKEN}`) or that file; the token is never logged.
 */
import { existsSync, readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { ConfigError } from '../config-error.js';
import { PROLIFIC_API, type PlatformSettings } from '../../domain/crowd/platform-admin.js';
import { redirectProblem } from './crowd.js';

interface RawPlatform {
  prolific?: { config_file_path?: string; token?: string; study_id?: string; api_base_url?: string };
  crowdsourcing?: Record<string, unknown>;
}

export function readPlatform(
  raw: RawPlatform,
  find: (name: string) => string,
  file: string,
  warn: (m: string) => void,
): PlatformSettings {
  const block = raw.prolific ?? {};
  const nested = (raw.crowdsourcing?.prolific ?? {}) as { token?: string; study_id?: string };
  const fromFile = block.config_file_path ? readFile(find(block.config_file_path), file, warn) : {};
  const str = (v: unknown) => (typeof v === 'string' && v.trim() ? v.trim() : typeof v === 'number' ? String(v) : null);
  const token = str(block.token) ?? str(nested.token) ?? str(fromFile.token);
  const studyId = str(block.study_id) ?? str(nested.study_id) ?? str(fromFile.study_id);
  const baseUrl = block.api_base_url ?? PROLIFIC_API;
  const problem = redirectProblem(baseUrl);
  if (problem) throw new ConfigError(file, `prolific.api_base_url: ${problem}`);
  if (block.api_base_url !== undefined && !token)
    warn('prolific.api_base_url is not acted on: no token is configured, so the platform is never called');
  return { provider: 'prolific', token, studyId, baseUrl: baseUrl.replace(/\/+$/, '') };
}

/** Potato's separate file of Prolific's settings (kept out of version control): a YAML mapping. */
function readFile(path: string, file: string, warn: (m: string) => void): { token?: unknown; study_id?: unknown } {
  if (!existsSync(path)) {
    warn(`prolific.config_file_path: ${path} is not there, so no token or study is read from it`);
    return {};
  }
  let parsed: unknown;
  try {
    parsed = parse(readFileSync(path, 'utf8'));
  } catch (e) {
    throw new ConfigError(file, `prolific.config_file_path: ${path} could not be read (${(e as Error).message})`);
  }
  if (parsed === null || parsed === undefined) return {};
  if (typeof parsed !== 'object' || Array.isArray(parsed))
    throw new ConfigError(file, `prolific.config_file_path: ${path} is not a YAML mapping`);
  return parsed as { token?: unknown; study_id?: unknown };
}
