/** The ids of stored spans: derived from what a span is, or its client's own. */
import { hashString } from '../seeded-random.js';
import type { FormatCoords, SpanRecord } from './records.js';

/**
 * A span's id is derived from what it is, so it is the same across reads, restarts and identical resubmissions.
 * A span of another field than the text has the field in its id, so the same offsets in two fields are two spans;
 * one with format_coords has them in its id, so two boxes at the same (zero-length) offsets are two spans.
 */
export function spanId(
  username: string,
  instanceId: string,
  scheme: string,
  label: string,
  start: number,
  end: number,
  field?: string,
  coords?: FormatCoords,
): string {
  let base = `${username}\u0001${instanceId}\u0001${scheme}\u0001${label}\u0001${start}\u0001${end}`;
  if (field !== undefined) base += `\u0001${field}`;
  if (coords !== undefined) base += `\u0002${JSON.stringify(coords)}`;
  return `sp_${hashString(base).toString(36)}${hashString(base + '#').toString(36)}`;
}

/** The id derived for a stored span (its own id may be the one its client gave it). */
export const derivedSpanId = (username: string, instanceId: string, s: SpanRecord) =>
  spanId(username, instanceId, s.schema, s.label, s.start, s.end, s.target_field, s.format_coords);

/**
 * Whether an id has the form of the ids derived here. Such an id is never kept as a client's own: a script that
 * read a span, moved it and sent it back with the old id gets the moved span's derived id, as before client ids
 * were kept; and a stored id of any other form is known to be the client's without hashing anything.
 */
export const isDerivedForm = (id: string) => /^sp_[0-9a-z]+$/.test(id);
