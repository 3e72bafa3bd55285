/**
 * Writing-process screening: named rules over a typing summary, each returned with the figures that fired it, so
 * a reviewer can defend or discard it. Flags say where to look, never that anyone cheated: a fluent typist resembles
 * a transcriber, a phone resembles a paste. Thresholds stay on the server (a page that knew them would say how
 * slowly to paste).
 */
import type { TypingSummary } from './typing.js';

type Severity = 'review' | 'suspect';

export interface ScreenFlag {
  name: string;
  severity: Severity;
  evidence: Record<string, number | boolean>;
  explanation: string;
}

export interface Verdict {
  level: 'ok' | Severity;
  flag_names: string[];
  flags: ScreenFlag[];
}

export const TYPING_THRESHOLDS = {
  'paste_dominant.pasted_fraction': 0.5,
  'silent_insertion.ratio': 0.3,
  'transcription_rhythm.iki_log_cv': 0.06,
  'transcription_rhythm.revision_ratio': 0.02,
  'transcription_rhythm.pause_2s_per_100_chars': 0.5,
  'offscreen_composition.blur_ms': 10000,
  'offscreen_composition.insert_chars': 80,
  'implausible_speed.chars_per_min': 900,
} as const;

export type TypingThreshold = keyof typeof TYPING_THRESHOLDS;

/** Below these a response has no rhythm to speak of ("yes", "n/a"), so the rhythm and speed rules stay quiet. */
const MIN_CHARS = 80;
const MIN_KEYSTROKES = 40;

/** Pure: the level is the most severe flag's. */
export function verdictOf(flags: ScreenFlag[]): Verdict {
  const level = flags.some((f) => f.severity === 'suspect') ? 'suspect' : flags.length ? 'review' : 'ok';
  return { level, flag_names: flags.map((f) => f.name), flags };
}

/** Pure: the typing rules over one summary (a session's or a field's merged), with `overrides` over the defaults. */
export function screenTyping(s: TypingSummary, overrides: Partial<Record<TypingThreshold, number>> = {}): Verdict {
  const t = { ...TYPING_THRESHOLDS, ...overrides };
  const flags: ScreenFlag[] = [];
  // a paste of the annotator's own draft or of the passage is ordinary work
  const innocentPastesOnly =
    s.paste_events > 0 &&
    Object.keys(s.paste_sources).every((source) => source === 'self' || source === 'instance_text');
  if (s.pasted_fraction >= t['paste_dominant.pasted_fraction'] && !innocentPastesOnly)
    flags.push({
      name: 'paste_dominant',
      severity: 'suspect',
      evidence: { pasted_fraction: s.pasted_fraction, pasted_chars: s.pasted_chars, final_chars: s.final_chars },
      explanation: 'half or more of the final text arrived by paste from outside the field and the passage',
    });
  if (s.external_insert_ratio >= t['silent_insertion.ratio'] && !s.virtual_keyboard && s.composition_events === 0)
    flags.push({
      name: 'silent_insertion',
      severity: 'suspect',
      evidence: { external_insert_ratio: s.external_insert_ratio, external_insert_chars: s.external_insert_chars },
      explanation: 'much of the inserted text appeared with no keystroke (paste, drop, dictation or a script)',
    });
  const enough = s.chars_typed >= MIN_CHARS && s.keystrokes >= MIN_KEYSTROKES;
  if (
    enough &&
    s.iki_log_cv <= t['transcription_rhythm.iki_log_cv'] &&
    s.revision_ratio <= t['transcription_rhythm.revision_ratio'] &&
    s.pause_2s_per_100_chars < t['transcription_rhythm.pause_2s_per_100_chars']
  )
    flags.push({
      name: 'transcription_rhythm',
      severity: 'review',
      evidence: {
        iki_log_cv: s.iki_log_cv,
        revision_ratio: s.revision_ratio,
        pause_2s_per_100_chars: s.pause_2s_per_100_chars,
      },
      explanation: 'an even rhythm with almost no revision or pausing, as when copying from another window',
    });
  if (
    s.max_blur_before_insert_ms >= t['offscreen_composition.blur_ms'] &&
    s.external_insert_after_blur_chars >= t['offscreen_composition.insert_chars']
  )
    flags.push({
      name: 'offscreen_composition',
      severity: 'suspect',
      evidence: {
        blur_ms: s.max_blur_before_insert_ms,
        insert_chars: s.external_insert_after_blur_chars,
      },
      explanation: 'a large insertion from outside came right after a long time away from the page',
    });
  if (enough && s.typed_chars_per_min > t['implausible_speed.chars_per_min'])
    flags.push({
      name: 'implausible_speed',
      severity: 'review',
      evidence: { typed_chars_per_min: s.typed_chars_per_min },
      explanation: 'typing faster than people sustain over a whole answer (browser automation does this)',
    });
  if (s.untrusted_events > 0)
    flags.push({
      name: 'synthetic_input',
      severity: 'suspect',
      evidence: { untrusted_events: s.untrusted_events },
      explanation: 'the browser reported input made by a script (some assistive tools do this too)',
    });
  return verdictOf(flags);
}
