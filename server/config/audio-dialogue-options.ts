/**
 * Potato's `audio_dialogue` display options for its player: where the recording and the turns are in the field's
 * value, whether each turn's times are shown, the transcript pane's height and the speed selector's choices. A bad
 * value is warned about and the default used, as Potato falls back to its defaults.
 */
import type { AudioDialogueOptions } from '../domain/display/types.js';

export const PLAYER_OPTIONS = [
  'audio_key',
  'turns_key',
  'show_timestamps',
  'scroll_height',
  'playback_rates',
  'transcript_is_path',
];

const DEFAULTS: AudioDialogueOptions = {
  audioKey: 'audio',
  turnsKey: 'turns',
  timestamps: true,
  scrollHeight: '480px',
  playbackRates: [1, 1.25, 1.5, 2],
  transcriptIsPath: 'auto',
};
const CSS_LENGTH = /^\d+(\.\d+)?(px|rem|em|vh)$/;

export function readAudioDialogue(
  options: Readonly<Record<string, unknown>>,
  where: string,
  warn: (message: string) => void,
): AudioDialogueOptions {
  const out = { ...DEFAULTS };
  const bad = (key: string, expected: string, fallback: unknown) =>
    warn(`${where}.${key}: expected ${expected}; ${JSON.stringify(fallback)} is used`);
  for (const [key, prop] of [
    ['audio_key', 'audioKey'],
    ['turns_key', 'turnsKey'],
  ] as const) {
    const v = options[key];
    if (typeof v === 'string' && v.trim()) out[prop] = v.trim();
    else if (v !== undefined) bad(key, 'the name of a key of the field', out[prop]);
  }
  const shown = options.show_timestamps;
  if (typeof shown === 'boolean') out.timestamps = shown;
  else if (shown !== undefined) bad('show_timestamps', 'true or false', out.timestamps);
  const height = options.scroll_height;
  const css = typeof height === 'number' ? `${height}px` : typeof height === 'string' ? height.trim() : undefined;
  if (css !== undefined && CSS_LENGTH.test(css)) out.scrollHeight = css;
  else if (height !== undefined) bad('scroll_height', 'a length such as 460px', out.scrollHeight);
  const rates = options.playback_rates;
  if (Array.isArray(rates) && rates.length && rates.every((r) => typeof r === 'number' && r >= 0.25 && r <= 4))
    out.playbackRates = rates as number[];
  else if (rates !== undefined) bad('playback_rates', 'a list of speeds from 0.25 to 4', out.playbackRates);
  const isPath = options.transcript_is_path;
  if (typeof isPath === 'boolean' || isPath === 'auto') out.transcriptIsPath = isPath;
  else if (isPath !== undefined) bad('transcript_is_path', 'auto, true or false', out.transcriptIsPath);
  return out;
}
