/**
 * The recorded interaction sessions for analysis, one JSON line per session with its summary, verdict and (where
 * kept) raw events. Measurements of identifiable people, so they are an export of their own, never part of the
 * annotations' export.
 */
import { Readable } from 'node:stream';
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { notFound } from '../../domain/errors.js';
import type { SessionLog, StoredEvent } from '../../domain/telemetry/session-log.js';
import { download } from '../download.js';

const TYPING_FIELDS = ['t_ms', 'input_type', 'key_class', 'pos', 'delta'];
const TELEMETRY_FIELDS = ['t_ms', 'action', 'shape', 'value', 'suggestion_id'];

/** A stored tuple as the object the page sent (its sparse extras under `meta`). */
function unpack(row: StoredEvent, fields: readonly string[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  fields.forEach((f, i) => {
    if (row[i] !== null && row[i] !== undefined) out[f] = row[i];
  });
  if (row.length > fields.length) out.meta = row[fields.length];
  return out;
}

function* lines(log: SessionLog<unknown, unknown, never>, fields: readonly string[], withEvents: boolean) {
  for (const [key, r] of log.sessions()) {
    const stored = withEvents && r.events_kept ? log.events(key) : undefined;
    yield (
      JSON.stringify({
        session_id: r.id,
        user_id: r.user_id,
        instance_id: r.instance_id,
        schema_name: r.schema_name,
        label_name: r.label_name,
        phase: r.phase,
        page: r.page,
        started_at: r.started_at,
        ended_at: r.ended_at,
        recorded_at: new Date(r.recorded_at).toISOString(),
        fidelity: r.fidelity,
        summary: r.summary,
        verdict: r.verdict,
        events: stored ? stored.map((e) => unpack(e, fields)) : null,
      }) + '\n'
    );
  }
}

export function processExportRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'GET',
      path: '/admin/api/process_sessions/:kind',
      summary:
        'The recorded keystroke (`typing`) or telemetry (`telemetry`) sessions as JSON lines: who, where, phase, summary, verdict, and the raw events where kept (events=false leaves them out)',
      access: 'admin',
      query: z.object({
        events: z
          .enum(['true', 'false'], { message: 'events: true or false' })
          .default('true')
          .transform((v) => v === 'true'),
      }),
      responds: { types: ['application/x-ndjson'] },
      handle({ params, query, ctx }) {
        const kind = params.kind;
        if (kind !== 'typing' && kind !== 'telemetry')
          throw notFound(`kind: "${kind}" is not a kind of session; typing or telemetry`);
        const log = (kind === 'typing' ? s.processLogs.typing : s.processLogs.telemetry) as unknown as SessionLog<
          unknown,
          unknown,
          never
        >;
        const body = Readable.from(lines(log, kind === 'typing' ? TYPING_FIELDS : TELEMETRY_FIELDS, query.events));
        const filename = `${kind === 'typing' ? 'keystroke' : 'telemetry'}_sessions.jsonl`;
        return download(ctx, 'application/x-ndjson', filename, body);
      },
    }),
  ];
}
