import { describe, expect, it } from 'vitest';

import { detectTranscript } from '../../../../server/domain/transcripts/detect.js';

describe('detectTranscript', () => {
  it('chooses the format by content, from text or an already parsed value', () => {
    const json3 = { events: [{ tStartMs: 0, dDurationMs: 1000, segs: [{ utf8: 'ahoy' }] }] };
    const cases: [unknown, string][] = [
      ['WEBVTT\n\n00:00.000 --> 00:01.000\nahoy', 'WebVTT'],
      ['1\n00:00:00,000 --> 00:00:01,000\nahoy', 'SubRip'],
      ['<tt xmlns="http://www.w3.org/ns/ttml"><body><p begin="0s" end="1s">ahoy</p></body></tt>', 'TTML'],
      ['<transcript><text start="0" dur="1">ahoy</text></transcript>', 'YouTube srv'],
      [JSON.stringify(json3), 'YouTube json3'],
      [json3, 'YouTube json3'],
      [[{ turn_text: 'ahoy', start_time: 0, end_time: 1 }], 'SPoRC'],
      [{ transcription: [{ offsets: { from: 0, to: 1000 }, text: 'ahoy' }] }, 'whisper.cpp JSON'],
    ];
    for (const [value, format] of cases) {
      const read = detectTranscript(value);
      expect(read?.format, String(value)).toBe(format);
      expect(read?.turns).toEqual([{ text: 'ahoy', start: 0, end: 1 }]);
    }
  });

  it('reads nothing from plain prose, other XML or a turn list of its own shape', () => {
    expect(detectTranscript('They talked for an hour.')).toBeUndefined();
    expect(detectTranscript('<html><p>ahoy</p></html>')).toBeUndefined();
    expect(detectTranscript('{"broken": ')).toBeUndefined();
    expect(detectTranscript([{ speaker: 'a', text: 'b' }])).toBeUndefined();
  });
});
