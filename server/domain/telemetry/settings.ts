/** What Potato's `keystroke_logging` and `annotation_telemetry` sections switch on, as the server acts on them. */

export type Fidelity = 'off' | 'summary' | 'events';

export interface ProcessLogSettings {
  enabled: boolean;
  /** `summary` derives the figures and keeps no raw stream; `events` keeps both (with store_events) */
  fidelity: Fidelity;
  storeEvents: boolean;
  /** scheme names to record (empty: all), then names never to record */
  include: string[];
  exclude: string[];
  detection: boolean;
  /** per-rule threshold overrides, `rule.figure` → value */
  thresholds: Record<string, number>;
  /** keystroke logging: the pause thresholds counted; telemetry: the gap above which time is idle */
  pausesMs: number[];
  idleMs: number;
  /** how often the page posts finished sessions */
  flushMs: number;
  disclose: boolean;
  disclosureText: string | null;
  /** the page labels a paste's source (the annotator's own text, the passage, outside) */
  classifyPaste: boolean;
}

export const DEFAULT_TYPING_NOTICE =
  'This task records the timing and rhythm of your typing in text boxes (when you pause, revise, or paste), not the keys you press.';

export const OFF: ProcessLogSettings = {
  enabled: false,
  fidelity: 'events',
  storeEvents: true,
  include: [],
  exclude: [],
  detection: true,
  thresholds: {},
  pausesMs: [500, 1000, 2000, 5000, 10000],
  idleMs: 120_000,
  flushMs: 5000,
  disclose: true,
  disclosureText: null,
  classifyPaste: true,
};

/** Whether sessions are recorded at all. */
export const recording = (s: ProcessLogSettings) => s.enabled && s.fidelity !== 'off';

/** Whether a scheme's sessions are recorded: the page filters too, but a page loaded before a change does not. */
export function inScope(s: ProcessLogSettings, scheme: string): boolean {
  return (!s.include.length || s.include.includes(scheme)) && !s.exclude.includes(scheme);
}

/** Raw streams are kept only at `events` fidelity with store_events: fidelity wins over a contradicting key. */
export const keepsEvents = (s: ProcessLogSettings) => s.fidelity === 'events' && s.storeEvents;
