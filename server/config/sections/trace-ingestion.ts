/**
 * Potato's `trace_ingestion` section: `enabled` opens the trace webhook (/api/traces/webhook, /langsmith, /otel)
 * and `api_key` is the secret its clients send. What Potato does beside that and is not built here is said at
 * start-up: the live notification stream (`notify_annotators`, GET /api/traces/stream) and polled `sources`
 * (Langfuse, LangSmith). New traces still reach annotators' lists; they see them at their next item.
 */
import { z } from 'zod';
import { looseBoolean } from '../loose-values.js';
import type { TraceIngestionSettings } from '../../domain/traces/trace-ingestion.js';

export const traceIngestionSchema = z.looseObject({
  enabled: looseBoolean.optional(),
  api_key: z.string().max(1000).nullable().optional(),
  notify_annotators: looseBoolean.optional(),
  sources: z.array(z.unknown()).max(100).nullable().optional(),
});

export function readTraceIngestion(
  raw: z.infer<typeof traceIngestionSchema> | undefined,
  warn: (m: string) => void,
): TraceIngestionSettings {
  const enabled = raw?.enabled === true;
  const apiKey = raw?.api_key ?? '';
  if (!raw) return { enabled, apiKey };
  if (!enabled) {
    if (Object.keys(raw).some((k) => k !== 'enabled'))
      warn('trace_ingestion is not acted on: it is off (trace_ingestion.enabled: true turns it on)');
    return { enabled, apiKey };
  }
  if (!apiKey)
    warn(
      'trace_ingestion.api_key is empty: anyone who can reach this server can add traces as items (set a key and send it as "Authorization: Bearer <key>" or X-API-Key)',
    );
  if (raw.notify_annotators === true)
    warn(
      "trace_ingestion.notify_annotators: there is no live stream (GET /api/traces/stream); new traces join annotators' lists and show at their next item",
    );
  if (raw.sources?.length)
    warn(
      'trace_ingestion.sources are not polled (Langfuse, LangSmith): traces arrive only by POST /api/traces/webhook, /langsmith and /otel',
    );
  return { enabled, apiKey };
}
