/**
 * Annotation telemetry: how an answer was produced, from a stream of actions with no content (a shape added, a
 * zoom, an AI suggestion shown and accepted). The figure that matters most is AI-accept latency, paired here from
 * the suggestion ids the page sends (never a latency the page computed), so a modified page cannot flatter it.
 */
import { verdictOf, type ScreenFlag, type Verdict } from './typing-screen.js';

export const TELEMETRY_ACTIONS = [
  'tool',
  'shape_add',
  'shape_edit',
  'shape_remove',
  'stroke',
  'fill',
  'zoom',
  'pan',
  'undo',
  'redo',
  'ai_suggest',
  'ai_accept',
  'ai_reject',
] as const;
type TelemetryAction = (typeof TELEMETRY_ACTIONS)[number];

export interface TelemetryEvent {
  t_ms: number;
  action: TelemetryAction;
  /** the kind of answer (bbox, polygon, span, label…); free text, bounded */
  shape: string;
  /** one integer whose meaning depends on the action (vertices, zoom × 100, pixels) */
  value: number;
  /** pairs a suggestion with its accept or reject */
  suggestion_id?: string;
}

export interface TelemetrySummary {
  sessions: number;
  events: number;
  shapes_added: number;
  shapes_drawn: number;
  shapes_from_ai: number;
  shapes_edited: number;
  shapes_removed: number;
  ai_suggested: number;
  ai_accepted: number;
  ai_rejected: number;
  ai_accepted_then_edited: number;
  ai_accept_latency_median_ms: number | null;
  /** every paired accept latency, kept so merged sessions give an exact median */
  ai_accept_latencies_ms: number[];
  shape_interval_median_ms: number | null;
  drawn_intervals_ms: number[];
  revision_ratio: number;
  zoom_events: number;
  max_zoom: number;
  active_ms: number;
  idle_ms: number;
}

/**
 * Actions that are bookkeeping, not work: a session of only these (a page view arming its default tool) is not kept.
 */
const BOOKKEEPING: ReadonlySet<TelemetryAction> = new Set(['tool']);
/** An accepted suggestion is committed as a shape within this long; that shape is the AI's, not drawn. */
const ACCEPT_COMMIT_MS = 1000;

export const TELEMETRY_THRESHOLDS = {
  'rubber_stamping.min_accepts': 5,
  'rubber_stamping.latency_ms': 500,
  'rubber_stamping.max_edit_share': 0.05,
  'hasty.min_shapes': 4,
  'hasty.interval_ms': 700,
} as const;
export type TelemetryThreshold = keyof typeof TELEMETRY_THRESHOLDS;

function median(values: readonly number[]): number | null {
  if (!values.length) return null;
  const s = [...values].sort((a, b) => a - b);
  const mid = s.length >> 1;
  return s.length % 2 ? s[mid] : (s[mid - 1] + s[mid]) / 2;
}

/** Pure: whether a session holds any work (a lone tool choice is a page view). */
export function hasWork(events: readonly TelemetryEvent[]): boolean {
  return events.some((e) => !BOOKKEEPING.has(e.action));
}

/** Pure: one session's summary; `idleMs` splits gaps between events into active and idle time. */
export function summarizeTelemetry(events: readonly TelemetryEvent[], idleMs: number): TelemetrySummary {
  const sorted = [...events].sort((a, b) => a.t_ms - b.t_ms);
  const suggested = new Map<string, number>();
  const latencies: number[] = [];
  const drawnTimes: number[] = [];
  let added = 0,
    fromAi = 0,
    edited = 0,
    removed = 0,
    accepted = 0,
    rejected = 0,
    acceptedThenEdited = 0,
    zooms = 0,
    maxZoom = 1,
    active = 0,
    idle = 0;
  let lastAccept = -Infinity;
  let openAccepts = 0;
  for (let i = 0; i < sorted.length; i++) {
    const e = sorted[i];
    if (i > 0) {
      const gap = e.t_ms - sorted[i - 1].t_ms;
      if (gap > idleMs) idle += gap;
      else active += gap;
    }
    switch (e.action) {
      case 'ai_suggest':
        if (e.suggestion_id !== undefined && !suggested.has(e.suggestion_id)) suggested.set(e.suggestion_id, e.t_ms);
        break;
      case 'ai_accept': {
        accepted++;
        openAccepts++;
        lastAccept = e.t_ms;
        const shown = e.suggestion_id === undefined ? undefined : suggested.get(e.suggestion_id);
        if (shown !== undefined && e.t_ms >= shown) latencies.push(e.t_ms - shown);
        break;
      }
      case 'ai_reject':
        rejected++;
        break;
      case 'shape_add':
        added++;
        if (e.t_ms - lastAccept <= ACCEPT_COMMIT_MS) {
          fromAi++;
          lastAccept = -Infinity;
        } else drawnTimes.push(e.t_ms);
        break;
      case 'shape_edit':
        edited++;
        if (openAccepts > 0) {
          acceptedThenEdited++;
          openAccepts--;
        }
        break;
      case 'shape_remove':
        removed++;
        break;
      case 'zoom':
        zooms++;
        maxZoom = Math.max(maxZoom, e.value / 100);
        break;
    }
  }
  const intervals: number[] = [];
  for (let i = 1; i < drawnTimes.length; i++) intervals.push(drawnTimes[i] - drawnTimes[i - 1]);
  return {
    sessions: 1,
    events: sorted.length,
    shapes_added: added,
    shapes_drawn: added - fromAi,
    shapes_from_ai: fromAi,
    shapes_edited: edited,
    shapes_removed: removed,
    ai_suggested: suggested.size,
    ai_accepted: accepted,
    ai_rejected: rejected,
    ai_accepted_then_edited: acceptedThenEdited,
    ai_accept_latency_median_ms: median(latencies),
    ai_accept_latencies_ms: latencies,
    shape_interval_median_ms: median(intervals),
    drawn_intervals_ms: intervals,
    revision_ratio: added + edited ? Math.round((edited / (added + edited)) * 10_000) / 10_000 : 0,
    zoom_events: zooms,
    max_zoom: maxZoom,
    active_ms: active,
    idle_ms: idle,
  };
}

/** Pure: sessions on one scheme and item as one piece of work (medians recomputed over the pooled values). */
export function mergeTelemetry(parts: readonly TelemetrySummary[]): TelemetrySummary {
  if (parts.length === 1) return parts[0];
  const sum = (pick: (s: TelemetrySummary) => number) => parts.reduce((a, s) => a + pick(s), 0);
  const latencies = parts.flatMap((s) => s.ai_accept_latencies_ms);
  const intervals = parts.flatMap((s) => s.drawn_intervals_ms);
  const added = sum((s) => s.shapes_added);
  const edited = sum((s) => s.shapes_edited);
  return {
    sessions: sum((s) => s.sessions),
    events: sum((s) => s.events),
    shapes_added: added,
    shapes_drawn: sum((s) => s.shapes_drawn),
    shapes_from_ai: sum((s) => s.shapes_from_ai),
    shapes_edited: edited,
    shapes_removed: sum((s) => s.shapes_removed),
    ai_suggested: sum((s) => s.ai_suggested),
    ai_accepted: sum((s) => s.ai_accepted),
    ai_rejected: sum((s) => s.ai_rejected),
    ai_accepted_then_edited: sum((s) => s.ai_accepted_then_edited),
    ai_accept_latency_median_ms: median(latencies),
    ai_accept_latencies_ms: latencies,
    shape_interval_median_ms: median(intervals),
    drawn_intervals_ms: intervals,
    revision_ratio: added + edited ? Math.round((edited / (added + edited)) * 10_000) / 10_000 : 0,
    zoom_events: sum((s) => s.zoom_events),
    max_zoom: Math.max(...parts.map((s) => s.max_zoom)),
    active_ms: sum((s) => s.active_ms),
    idle_ms: sum((s) => s.idle_ms),
  };
}

/**
 * Pure: the screening rules. `never_zoomed` is reported only beside another flag: on a task that needs no zoom it
 * would fire for everyone and teach reviewers to ignore flags.
 */
export function screenTelemetry(
  s: TelemetrySummary,
  overrides: Partial<Record<TelemetryThreshold, number>> = {},
): Verdict & { notes: Record<string, string> } {
  const t = { ...TELEMETRY_THRESHOLDS, ...overrides };
  const flags: ScreenFlag[] = [];
  const latency = s.ai_accept_latency_median_ms;
  const editShare = s.ai_accepted ? s.ai_accepted_then_edited / s.ai_accepted : 0;
  if (
    s.ai_accepted >= t['rubber_stamping.min_accepts'] &&
    latency !== null &&
    latency < t['rubber_stamping.latency_ms'] &&
    editShare <= t['rubber_stamping.max_edit_share']
  )
    flags.push({
      name: 'rubber_stamping',
      severity: 'suspect',
      evidence: { ai_accepted: s.ai_accepted, ai_accept_latency_median_ms: latency, edited_share: editShare },
      explanation:
        'AI suggestions accepted faster than they can be checked, and almost never corrected; check the suggestions before the annotator: good suggestions deserve acceptance',
    });
  const pace = s.shape_interval_median_ms;
  if (s.shapes_drawn >= t['hasty.min_shapes'] && pace !== null && pace < t['hasty.interval_ms'])
    flags.push({
      name: 'hasty',
      severity: 'review',
      evidence: { shapes_drawn: s.shapes_drawn, shape_interval_median_ms: pace },
      explanation: 'answers made very quickly one after another; obvious items are legitimately quick',
    });
  if (flags.length && s.zoom_events === 0)
    flags.push({
      name: 'never_zoomed',
      severity: 'review',
      evidence: { zoom_events: 0 },
      explanation: 'never magnified the item; says nothing on its own, only beside the flags above',
    });
  const notes: Record<string, string> = {};
  for (const f of flags) notes[f.name] = `${f.explanation}. A screening signal, not proof.`;
  return { ...verdictOf(flags), notes };
}
