/**
 * Several typing sessions on one field as one response: leaving a field and coming back is one answer, not several
 * short ones.
 */
import { round, type TypingSummary } from './typing.js';

/**
 * Pure: several sessions on one field as one response. Counts and times add; rhythm figures are the
 * keystroke-weighted mean of the sessions' (an approximation: the raw streams give the exact pooled figures).
 */
export function mergeTyping(parts: readonly TypingSummary[]): TypingSummary {
  if (parts.length === 1) return parts[0];
  const sum = (pick: (s: TypingSummary) => number) => parts.reduce((a, s) => a + pick(s), 0);
  const keys = sum((s) => s.keystrokes);
  const weighted = (pick: (s: TypingSummary) => number) =>
    keys ? round(parts.reduce((a, s) => a + pick(s) * s.keystrokes, 0) / keys) : 0;
  const addRecords = (pick: (s: TypingSummary) => Record<string, number>) => {
    const out: Record<string, number> = {};
    for (const s of parts) for (const [k, v] of Object.entries(pick(s))) out[k] = (out[k] ?? 0) + v;
    return out;
  };
  const typed = sum((s) => s.chars_typed);
  const inserted = sum((s) => s.chars_inserted);
  const deleted = sum((s) => s.chars_deleted);
  const pasted = sum((s) => s.pasted_chars);
  const silent = sum((s) => s.silent_insert_chars);
  const external = sum((s) => s.external_insert_chars);
  const active = sum((s) => s.active_ms);
  const finalChars = parts[parts.length - 1].final_chars;
  const pauseCounts = addRecords((s) => s.pause_counts);
  const firsts = parts.map((s) => s.first_keystroke_latency_ms).filter((x): x is number => x !== null);
  return {
    sessions: sum((s) => s.sessions),
    keystrokes: keys,
    final_chars: finalChars,
    chars_typed: typed,
    chars_inserted: inserted,
    chars_deleted: deleted,
    chars_per_keystroke: keys ? round(inserted / keys) : 0,
    active_ms: active,
    wall_ms: sum((s) => s.wall_ms),
    typed_chars_per_min: active > 0 ? round((typed / active) * 60_000, 1) : 0,
    iki_median_ms: weighted((s) => s.iki_median_ms),
    iki_mean_ms: weighted((s) => s.iki_mean_ms),
    iki_p10_ms: weighted((s) => s.iki_p10_ms),
    iki_p90_ms: weighted((s) => s.iki_p90_ms),
    iki_log_sd: weighted((s) => s.iki_log_sd),
    iki_log_cv: weighted((s) => s.iki_log_cv),
    pause_counts: pauseCounts,
    pause_2s_per_100_chars: typed ? round(((pauseCounts['2000'] ?? 0) / typed) * 100, 3) : 0,
    backspaces: sum((s) => s.backspaces),
    deletes: sum((s) => s.deletes),
    undo_events: sum((s) => s.undo_events),
    non_terminal_edits: sum((s) => s.non_terminal_edits),
    revision_ratio: typed ? round(deleted / typed) : 0,
    paste_events: sum((s) => s.paste_events),
    pasted_chars: pasted,
    largest_paste_chars: Math.max(...parts.map((s) => s.largest_paste_chars)),
    pasted_fraction: finalChars > 0 ? round(Math.min(1, pasted / finalChars)) : 0,
    drop_events: sum((s) => s.drop_events),
    silent_insert_chars: silent,
    silent_insert_ratio: inserted ? round(silent / inserted) : 0,
    external_insert_chars: external,
    external_insert_ratio: inserted ? round(external / inserted) : 0,
    paste_sources: addRecords((s) => s.paste_sources),
    blur_events: sum((s) => s.blur_events),
    blur_total_ms: sum((s) => s.blur_total_ms),
    max_blur_before_insert_ms: Math.max(...parts.map((s) => s.max_blur_before_insert_ms)),
    external_insert_after_blur_chars: Math.max(...parts.map((s) => s.external_insert_after_blur_chars)),
    first_keystroke_latency_ms: firsts.length ? firsts[0] : null,
    untrusted_events: sum((s) => s.untrusted_events),
    composition_events: sum((s) => s.composition_events),
    virtual_keyboard: parts.some((s) => s.virtual_keyboard),
  };
}
