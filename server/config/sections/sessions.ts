/**
 * Potato's session-level scoring: `sessions: {enabled, key, attributes}` groups the items by a session key, and
 * schemes marked `session_level: true` are asked once per session instead of on every item. Those schemes leave
 * the per-item task (its form, its submissions, its exports); with sessions off they stay per item, said at start-up.
 */
import { z } from 'zod';
import { looseBoolean } from '../loose-values.js';
import { ConfigError } from '../config-error.js';
import type { Scheme } from '../../domain/task.js';
import { DEFAULT_SESSION_KEYS } from '../../domain/sessions/session-groups.js';
import { SESSION_TYPES } from '../../domain/sessions/session-answers.js';
import { SESSIONS_OFF, type SessionSettings } from '../../domain/sessions/sessions-service.js';

export const sessionsSchema = z.lazy(() =>
  z.looseObject({
    enabled: looseBoolean.optional(),
    key: z.string().min(1).optional(),
    attributes: z.array(z.string().min(1)).optional(),
  }),
);

/** The settings, and the schemes left to ask per item. */
export function readSessions(
  raw: z.infer<typeof sessionsSchema> | undefined,
  schemes: Scheme[],
  file: string,
  warn: (m: string) => void,
): { settings: SessionSettings; itemSchemes: Scheme[] } {
  const marked = schemes.filter((s) => s.extra.session_level === true || s.extra.session_level === 'true');
  if (raw?.enabled !== true) {
    if (marked.length)
      warn(
        `session_level is not acted on while sessions.enabled is not true: ${marked.map((s) => `"${s.name}"`).join(', ')} asked on every item`,
      );
    return { settings: SESSIONS_OFF, itemSchemes: schemes };
  }
  for (const s of marked) {
    if (!SESSION_TYPES.has(s.annotation_type))
      throw new ConfigError(
        file,
        `annotation_schemes "${s.name}".session_level: a ${s.annotation_type} scheme is not asked per session (${[...SESSION_TYPES].join(', ')} are)`,
      );
    if (s.turn_level)
      throw new ConfigError(file, `annotation_schemes "${s.name}": turn_level and session_level exclude each other`);
  }
  if (!marked.length) warn('sessions: no scheme has session_level: true, so sessions have nothing to ask');
  return {
    settings: {
      enabled: true,
      keys: raw.key ? [raw.key] : [...DEFAULT_SESSION_KEYS],
      attributes: raw.attributes ?? [],
      schemes: marked,
    },
    itemSchemes: schemes.filter((s) => !marked.includes(s)),
  };
}
