/**
 * Typing dynamics of one free-text field: the summary of one session of content-blind input events
 * (`typing-events.ts`), computed here from the raw events so a modified page cannot send flattering figures.
 * Several sessions on one field merge into one response in `typing-merge.ts`.
 */
import type { InputType, TypingEvent } from './typing-events.js';

const TYPED: ReadonlySet<InputType> = new Set(['insertText', 'insertLineBreak', 'insertParagraph']);
const INNOCENT_SOURCES: ReadonlySet<string> = new Set(['self', 'instance_text']);
const DEFAULT_PAUSES_MS = [500, 1000, 2000, 5000, 10000];
/** Intervals longer than this are left out of rhythm figures: one coffee break must not dominate them. */
const MAX_RHYTHM_IKI_MS = 30_000;
/** An insertion this large right after time away is what `max_blur_before_insert_ms` looks at. */
const LARGE_INSERT_CHARS = 20;

export interface TypingSummary {
  sessions: number;
  /** keys that produced or removed text (a paste, a drop, dictation are not keystrokes) */
  keystrokes: number;
  final_chars: number;
  chars_typed: number;
  chars_inserted: number;
  chars_deleted: number;
  chars_per_keystroke: number;
  active_ms: number;
  wall_ms: number;
  typed_chars_per_min: number;
  iki_median_ms: number;
  iki_mean_ms: number;
  iki_p10_ms: number;
  iki_p90_ms: number;
  iki_log_sd: number;
  iki_log_cv: number;
  /** pauses between keystrokes at or above each threshold, keyed by the threshold in ms */
  pause_counts: Record<string, number>;
  pause_2s_per_100_chars: number;
  backspaces: number;
  deletes: number;
  undo_events: number;
  non_terminal_edits: number;
  revision_ratio: number;
  paste_events: number;
  pasted_chars: number;
  largest_paste_chars: number;
  pasted_fraction: number;
  drop_events: number;
  silent_insert_chars: number;
  silent_insert_ratio: number;
  external_insert_chars: number;
  external_insert_ratio: number;
  paste_sources: Record<string, number>;
  blur_events: number;
  blur_total_ms: number;
  max_blur_before_insert_ms: number;
  /** the largest insertion without keystrokes that came right after time away, with that time */
  external_insert_after_blur_chars: number;
  first_keystroke_latency_ms: number | null;
  untrusted_events: number;
  composition_events: number;
  virtual_keyboard: boolean;
}

export const round = (x: number, digits = 4) => {
  const f = 10 ** digits;
  return Math.round(x * f) / f;
};

function percentile(sorted: readonly number[], p: number): number {
  if (!sorted.length) return 0;
  const at = (sorted.length - 1) * p;
  const lo = Math.floor(at);
  const hi = Math.ceil(at);
  return sorted[lo] + (sorted[hi] - sorted[lo]) * (at - lo);
}

/** Pure: the summary of one session's events (in any order; read by time). */
export function summarizeTyping(
  events: readonly TypingEvent[],
  opts: { finalChars?: number | null; virtualKeyboard?: boolean; pausesMs?: readonly number[] } = {},
): TypingSummary {
  const sorted = [...events].sort((a, b) => a.t_ms - b.t_ms);
  const pauses = opts.pausesMs ?? DEFAULT_PAUSES_MS;
  let keystrokes = 0,
    typed = 0,
    inserted = 0,
    deleted = 0,
    backspaces = 0,
    deletes = 0,
    undo = 0,
    nonTerminal = 0,
    pasteEvents = 0,
    pasted = 0,
    largestPaste = 0,
    drops = 0,
    silent = 0,
    external = 0,
    blurs = 0,
    blurTotal = 0,
    maxBlurBeforeInsert = 0,
    externalAfterBlur = 0,
    untrusted = 0,
    composition = 0;
  let length = 0;
  let pendingBlur = 0;
  let firstKey: number | null = null;
  const keyTimes: number[] = [];
  const sources: Record<string, number> = {};
  for (const e of sorted) {
    if (e.untrusted) untrusted++;
    const type = e.input_type;
    if (type === 'blur') {
      blurs++;
      const away = Math.max(0, e.blur_ms ?? 0);
      blurTotal += away;
      pendingBlur = away;
      continue;
    }
    if (type === 'focus') continue;
    // a key that changed nothing (an arrow, a modifier): the text-producing keys are counted at their input
    if (type === 'keydown') continue;
    if (type === 'insertCompositionText') composition++;
    if (type === 'historyUndo') undo++;
    if (e.delta > 0) {
      inserted += e.delta;
      if (e.pos < length) nonTerminal++;
      const keyed = TYPED.has(type) && e.key_class !== 'unknown';
      if (keyed) {
        typed += e.delta;
        keystrokes++;
        keyTimes.push(e.t_ms);
      } else if (type !== 'insertCompositionText' && type !== 'historyRedo') {
        silent += e.delta;
        const source = e.paste_source ?? 'unknown';
        if (type === 'insertFromPaste') {
          pasteEvents++;
          pasted += e.delta;
          largestPaste = Math.max(largestPaste, e.delta);
          sources[source] = (sources[source] ?? 0) + 1;
        }
        if (type === 'insertFromDrop') drops++;
        const innocent = INNOCENT_SOURCES.has(source);
        if (!innocent) external += e.delta;
        if (e.delta >= LARGE_INSERT_CHARS && pendingBlur > maxBlurBeforeInsert) maxBlurBeforeInsert = pendingBlur;
        if (!innocent && pendingBlur > 0 && e.delta > externalAfterBlur) externalAfterBlur = e.delta;
      }
      if (firstKey === null && keyed) firstKey = e.t_ms - (sorted[0]?.t_ms ?? e.t_ms);
    } else if (e.delta < 0) {
      deleted += -e.delta;
      if (e.pos + -e.delta < length) nonTerminal++;
      if (e.key_class === 'bksp') backspaces++;
      else if (e.key_class === 'del') deletes++;
      if (e.key_class === 'bksp' || e.key_class === 'del') {
        keystrokes++;
        keyTimes.push(e.t_ms);
      }
    }
    // text already in the field when the session began shows in the caret positions
    length = Math.max(0, Math.max(length, e.delta < 0 ? e.pos - e.delta : e.pos) + e.delta);
    pendingBlur = 0;
  }
  const ikis: number[] = [];
  for (let i = 1; i < keyTimes.length; i++) {
    const gap = keyTimes[i] - keyTimes[i - 1];
    if (gap > 0 && gap <= MAX_RHYTHM_IKI_MS) ikis.push(gap);
  }
  const allGaps: number[] = [];
  for (let i = 1; i < keyTimes.length; i++) allGaps.push(Math.max(0, keyTimes[i] - keyTimes[i - 1]));
  const sortedIkis = [...ikis].sort((a, b) => a - b);
  const logs = ikis.map((x) => Math.log(x));
  const logMean = logs.length ? logs.reduce((a, b) => a + b, 0) / logs.length : 0;
  const logSd = logs.length > 1 ? Math.sqrt(logs.reduce((a, b) => a + (b - logMean) ** 2, 0) / (logs.length - 1)) : 0;
  const pauseCounts: Record<string, number> = {};
  for (const p of pauses) pauseCounts[String(p)] = allGaps.filter((g) => g >= p).length;
  const wall = sorted.length ? sorted[sorted.length - 1].t_ms - sorted[0].t_ms : 0;
  const active = Math.max(0, wall - blurTotal);
  const finalChars = opts.finalChars ?? length;
  const pause2s = allGaps.filter((g) => g >= 2000).length;
  return {
    sessions: 1,
    keystrokes,
    final_chars: finalChars,
    chars_typed: typed,
    chars_inserted: inserted,
    chars_deleted: deleted,
    chars_per_keystroke: keystrokes ? round(inserted / keystrokes) : 0,
    active_ms: active,
    wall_ms: wall,
    typed_chars_per_min: active > 0 ? round((typed / active) * 60_000, 1) : 0,
    iki_median_ms: percentile(sortedIkis, 0.5),
    iki_mean_ms: ikis.length ? round(ikis.reduce((a, b) => a + b, 0) / ikis.length, 1) : 0,
    iki_p10_ms: percentile(sortedIkis, 0.1),
    iki_p90_ms: percentile(sortedIkis, 0.9),
    iki_log_sd: round(logSd),
    iki_log_cv: logMean > 0 ? round(logSd / logMean) : 0,
    pause_counts: pauseCounts,
    pause_2s_per_100_chars: typed ? round((pause2s / typed) * 100, 3) : 0,
    backspaces,
    deletes,
    undo_events: undo,
    non_terminal_edits: nonTerminal,
    revision_ratio: typed ? round(deleted / typed) : 0,
    paste_events: pasteEvents,
    pasted_chars: pasted,
    largest_paste_chars: largestPaste,
    pasted_fraction: finalChars > 0 ? round(Math.min(1, pasted / finalChars)) : 0,
    drop_events: drops,
    silent_insert_chars: silent,
    silent_insert_ratio: inserted ? round(silent / inserted) : 0,
    external_insert_chars: external,
    external_insert_ratio: inserted ? round(external / inserted) : 0,
    paste_sources: sources,
    blur_events: blurs,
    blur_total_ms: blurTotal,
    max_blur_before_insert_ms: maxBlurBeforeInsert,
    external_insert_after_blur_chars: externalAfterBlur,
    first_keystroke_latency_ms: firstKey,
    untrusted_events: untrusted,
    composition_events: composition,
    virtual_keyboard: opts.virtualKeyboard ?? false,
  };
}
