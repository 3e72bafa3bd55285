/**
 * Potato's `rooms` section: live rooms where annotators vote on the same item together (`enabled`), who may make
 * one (`who_can_create`: any or admin), whether the final votes become answers (`persist_votes`, on by default),
 * the clients' polling cadence (`poll_interval_ms`, 500–30000), `max_members` (2–100) and the scheme voted on
 * (`schema`, else the first radio or likert scheme). Bad values are refused by key.
 */
import { z } from 'zod';
import { looseBoolean, looseUnsignedNumber } from '../loose-values.js';
import { ROOMS_OFF, type RoomSettings } from '../../domain/rooms/settings.js';
import { ConfigError } from '../config-error.js';

const VOTING_TYPES = new Set(['radio', 'likert']);

export const roomsSchema = z.lazy(() =>
  z.looseObject({
    enabled: looseBoolean.optional(),
    who_can_create: z.enum(['any', 'admin']).optional(),
    persist_votes: looseBoolean.optional(),
    poll_interval_ms: looseUnsignedNumber.pipe(z.number().int().min(500).max(30_000)).optional(),
    max_members: looseUnsignedNumber.pipe(z.number().int().min(2).max(100)).optional(),
    schema: z.string().min(1).optional(),
  }),
);

export function readRooms(
  raw: z.infer<typeof roomsSchema> | undefined,
  schemes: readonly { name: string; annotation_type: string; labels: readonly { name: string }[] }[],
  file: string,
  warn: (m: string) => void,
): RoomSettings {
  if (!raw) return ROOMS_OFF;
  const enabled = raw.enabled === true;
  if (!enabled) {
    if (Object.keys(raw).some((k) => k !== 'enabled'))
      warn('rooms: its keys are not acted on while enabled is not true');
    return ROOMS_OFF;
  }
  let scheme;
  if (raw.schema !== undefined) {
    scheme = schemes.find((s) => s.name === raw.schema);
    if (!scheme) throw new ConfigError(file, `rooms.schema: no annotation scheme is named "${raw.schema}"`);
    if (!VOTING_TYPES.has(scheme.annotation_type))
      throw new ConfigError(
        file,
        `rooms.schema: "${raw.schema}" is ${scheme.annotation_type}; rooms vote on a radio or likert scheme`,
      );
  } else scheme = schemes.find((s) => VOTING_TYPES.has(s.annotation_type));
  if (!scheme) warn('rooms: no radio or likert scheme to vote on, so rooms answer 503 (rooms.schema names one)');
  return {
    enabled,
    whoCanCreate: raw.who_can_create ?? ROOMS_OFF.whoCanCreate,
    persistVotes: raw.persist_votes ?? ROOMS_OFF.persistVotes,
    pollIntervalMs: raw.poll_interval_ms ?? ROOMS_OFF.pollIntervalMs,
    maxMembers: raw.max_members ?? ROOMS_OFF.maxMembers,
    schema: scheme ? { name: scheme.name, labels: scheme.labels.map((l) => l.name) } : null,
  };
}
