/** The two kinds of interaction session the server keeps, and the tables they are kept in. */
import type { Clock, Store } from '../ports.js';
import {
  hasWork,
  mergeTelemetry,
  screenTelemetry,
  summarizeTelemetry,
  type TelemetryEvent,
  type TelemetrySummary,
} from './drawing.js';
import {
  SessionLog,
  type ProcessFieldsRecord,
  type ProcessSessionRecord,
  type SessionInput,
  type StoredEvent,
} from './session-log.js';
import type { ProcessLogSettings } from './settings.js';
import { summarizeTyping, type TypingSummary } from './typing.js';
import { mergeTyping } from './typing-merge.js';
import type { TypingEvent } from './typing-events.js';
import { screenTyping } from './typing-screen.js';

declare module '../ports.js' {
  interface Tables {
    typing_sessions: ProcessSessionRecord<TypingSummary>;
    typing_fields: ProcessFieldsRecord<TypingSummary>;
    typing_events: StoredEvent[];
    telemetry_sessions: ProcessSessionRecord<TelemetrySummary>;
    telemetry_fields: ProcessFieldsRecord<TelemetrySummary>;
    telemetry_events: StoredEvent[];
  }
}

export interface TypingInput extends SessionInput<TypingEvent> {
  label_name: string;
  final_chars: number | null;
  virtual_keyboard: boolean;
}

export type TelemetryInput = SessionInput<TelemetryEvent>;

export type TypingLog = SessionLog<TypingSummary, TypingEvent, TypingInput>;
export type TelemetryLog = SessionLog<TelemetrySummary, TelemetryEvent, TelemetryInput>;

/** Only the fields some events carry; the rest are positional. */
function extras(e: TypingEvent): Record<string, string | number | boolean> | null {
  const out: Record<string, string | number | boolean> = {};
  if (e.paste_source !== undefined) out.paste_source = e.paste_source;
  if (e.blur_ms !== undefined) out.blur_ms = e.blur_ms;
  if (e.untrusted) out.untrusted = true;
  return Object.keys(out).length ? out : null;
}

export function typingLog(store: Store, clock: Clock, settings: ProcessLogSettings): TypingLog {
  const thresholds = settings.thresholds;
  return new SessionLog(store, clock, settings, {
    tables: { sessions: 'typing_sessions', fields: 'typing_fields', events: 'typing_events' },
    worthKeeping: (input) => (input.events.length ? null : 'events: a session without events records nothing'),
    summarize: (input) =>
      summarizeTyping(input.events, {
        finalChars: input.final_chars,
        virtualKeyboard: input.virtual_keyboard,
        pausesMs: settings.pausesMs,
      }),
    merge: mergeTyping,
    screen: (s) => screenTyping(s, thresholds),
    pack: (e) => {
      const x = extras(e);
      const row: StoredEvent = [e.t_ms, e.input_type, e.key_class, e.pos, e.delta];
      if (x) row.push(x);
      return row;
    },
  });
}

export function telemetryLog(store: Store, clock: Clock, settings: ProcessLogSettings): TelemetryLog {
  return new SessionLog(store, clock, settings, {
    tables: { sessions: 'telemetry_sessions', fields: 'telemetry_fields', events: 'telemetry_events' },
    worthKeeping: (input) =>
      !input.events.length
        ? 'events: a session without events records nothing'
        : hasWork(input.events)
          ? null
          : 'events: only a tool choice (a page view), no work to record',
    summarize: (input) => summarizeTelemetry(input.events, settings.idleMs),
    merge: mergeTelemetry,
    screen: (s) => screenTelemetry(s, settings.thresholds),
    pack: (e) => [e.t_ms, e.action, e.shape, e.value, e.suggestion_id ?? null],
  });
}
