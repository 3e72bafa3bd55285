/**
 * The SQL a read request becomes, for SQLite and PostgreSQL alike: the source's query wrapped so that the
 * database orders by (cursor, tiebreaker) and keeps rows past the cursor, a keyset read rather than OFFSET, which
 * a table being written to would shift. `param(n)` writes the n-th placeholder in the database's style.
 */
import type { Cursor, CursorValue } from '../../domain/data/live-cursor.js';
import type { ReadRequest, Row } from '../../domain/data/database-source.js';

export interface Statement {
  sql: string;
  params: CursorValue[];
}

const q = (column: string) => `"${column}"`;

/** `(c, t)` after (`>`) or up to (`<`, inclusive) a cursor, its values bound through `p`. */
function past(c: string, t: string, at: Cursor, p: (v: CursorValue) => string, dir: '<' | '>'): string {
  const v = p(at.value);
  if (at.tiebreak === null) return dir === '>' ? `${c} > ${v}` : `${c} <= ${v}`;
  const tie = p(at.tiebreak);
  return `(${c} ${dir} ${v} OR (${c} = ${v} AND ${t} ${dir === '>' ? '>' : '<='} ${tie}))`;
}

export function statementFor(query: string, request: ReadRequest, param: (n: number) => string): Statement {
  if (request.kind === 'all') return { sql: query, params: [] };
  const { live } = request;
  if (request.kind === 'explicit')
    return { sql: `${query.replace(/(?<!:):cursor\b/g, param(1))} LIMIT ${live.batchSize}`, params: [request.value] };
  const c = q(live.cursorColumn);
  const t = q(live.tiebreakerColumn);
  const inner = `SELECT * FROM (${query}) AS marginalia_live`;
  const order = `ORDER BY ${c}, ${t} LIMIT ${live.batchSize}`;
  if (request.kind === 'window') {
    // rows from `from` up to the cursor, page after page: those committed late with an earlier value than rows read
    const { cursor, after } = request;
    const params: CursorValue[] = [request.from];
    const p = (v: CursorValue) => param(params.push(v));
    const parts = [`${c} >= ${param(1)}`, past(c, t, cursor, p, '<')];
    if (after) parts.push(past(c, t, after, p, '>'));
    return { sql: `${inner} WHERE ${parts.join(' AND ')} ${order}`, params };
  }
  const { cursor } = request;
  if (!cursor) return { sql: `${inner} ${order}`, params: [] };
  if (cursor.tiebreak === null) return { sql: `${inner} WHERE ${c} > ${param(1)} ${order}`, params: [cursor.value] };
  return {
    sql: `${inner} WHERE ${c} > ${param(1)} OR (${c} = ${param(1)} AND ${t} > ${param(2)}) ${order}`,
    params: [cursor.value, cursor.tiebreak],
  };
}

/** A row with JSON values: dates as ISO text, big integers as text, binary columns left out. */
export function plainRow(row: Record<string, unknown>): Row {
  const out: Row = {};
  for (const [key, value] of Object.entries(row)) {
    if (value instanceof Date) out[key] = value.toISOString();
    else if (typeof value === 'bigint') out[key] = String(value);
    else if (value instanceof Uint8Array) continue;
    else out[key] = value;
  }
  return out;
}
