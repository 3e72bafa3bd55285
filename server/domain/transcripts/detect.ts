/**
 * Chooses a transcript's format by its content, not a file name, as Potato does, so the same transcript reads the
 * same inline in a data file or from a sidecar file: JSON text is parsed first, XML is told apart by its root
 * element, and caption text by its cue timings. Every format gives the same timed turns.
 */
import { isAss, parseAss } from './ass.js';
import { parseAssemblyAi } from './assemblyai.js';
import { parseAwsTranscribe } from './aws-transcribe.js';
import { parseCaptions } from './captions.js';
import { isCtm, parseCtm } from './ctm.js';
import { parseDeepgram } from './deepgram.js';
import { isEaf, parseEaf } from './eaf.js';
import { parseJson3, isJson3 } from './json3.js';
import { parseRevAi } from './rev-ai.js';
import { parseSporc } from './sporc.js';
import { isTextGrid, parseTextGrid } from './textgrid.js';
import { isTtml, parseTtml } from './ttml.js';
import { isWhisperCpp, parseWhisperCpp } from './whisper-cpp.js';
import { isWhisperTsv, parseWhisperTsv } from './whisper-tsv.js';
import { isYoutubeSrv, parseYoutubeSrv } from './youtube-srv.js';
import type { CaptionTurn } from './captions.js';

export interface ReadTranscript {
  /** the format's name, as a load warning or a test names it */
  format: string;
  turns: CaptionTurn[];
  /** a recording the transcript itself names (SPoRC's `mp3url`, an EAF's media descriptor) */
  audio?: string;
}

/** The formats read here, named in a warning about a value that is none of them. */
export const FORMATS_READ =
  'WebVTT, SubRip, SubStation Alpha, TTML/DFXP, YouTube json3 and srv1–3, SPoRC rows, whisper.cpp JSON, Whisper ' +
  'TSV, AWS Transcribe, Deepgram, AssemblyAI and Rev.ai JSON, NIST CTM, Praat TextGrid, ELAN EAF';

function fromJson(value: unknown, speakerKey: string | undefined): ReadTranscript | undefined {
  const sporc = parseSporc(value, speakerKey);
  if (sporc) return { format: 'SPoRC', ...sporc };
  if (isJson3(value)) return named('YouTube json3', parseJson3(value));
  if (isWhisperCpp(value)) return named('whisper.cpp JSON', parseWhisperCpp(value));
  return (
    named('AWS Transcribe JSON', parseAwsTranscribe(value)) ??
    named('Deepgram JSON', parseDeepgram(value)) ??
    named('AssemblyAI JSON', parseAssemblyAi(value)) ??
    named('Rev.ai JSON', parseRevAi(value))
  );
}

const named = (format: string, turns: CaptionTurn[] | undefined) => (turns ? { format, turns } : undefined);

/**
 * A transcript in one of the formats above, or undefined: a turn list of Potato's own shape (`[{speaker, text}]`,
 * Whisper's `segments`) is not a format here; the caller reads it as turns.
 */
export function detectTranscript(value: unknown, speakerKey?: string): ReadTranscript | undefined {
  if (typeof value !== 'string') return fromJson(value, speakerKey);
  const text = value.replace(/^\uFEFF/, '');
  const head = text.trimStart()[0];
  if (head === '{' || head === '[') {
    try {
      return fromJson(JSON.parse(text), speakerKey);
    } catch {
      // not JSON: SubStation Alpha's text also begins with a bracket ("[Script Info]")
    }
  }
  if (head === '<') {
    if (isTtml(text)) return named('TTML', parseTtml(text));
    if (isYoutubeSrv(text)) return named('YouTube srv', parseYoutubeSrv(text));
    if (isEaf(text)) {
      const eaf = parseEaf(text);
      return eaf && { format: 'ELAN EAF', ...eaf };
    }
    return undefined;
  }
  if (isTextGrid(text)) return named('Praat TextGrid', parseTextGrid(text));
  if (isAss(text)) return named('SubStation Alpha', parseAss(text));
  if (isWhisperTsv(text)) return named('Whisper TSV', parseWhisperTsv(text));
  if (isCtm(text)) return named('NIST CTM', parseCtm(text));
  const captions = parseCaptions(text);
  return captions ? { format: /^\s*WEBVTT/.test(text) ? 'WebVTT' : 'SubRip', turns: captions } : undefined;
}
