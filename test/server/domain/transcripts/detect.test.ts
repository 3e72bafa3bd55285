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
      ['[Script Info]\n\n[Events]\nDialogue: 0,0:00:00.00,0:00:01.00,Default,,0,0,0,,ahoy', 'SubStation Alpha'],
      ['start\tend\ttext\n0\t1000\tahoy\n', 'Whisper TSV'],
      ['quay 1 0 1 ahoy\n', 'NIST CTM'],
      [
        { results: { audio_segments: [{ transcript: 'ahoy', start_time: '0', end_time: '1' }] } },
        'AWS Transcribe JSON',
      ],
      [{ results: { utterances: [{ transcript: 'ahoy', start: 0, end: 1 }] } }, 'Deepgram JSON'],
      [{ text: 'ahoy', utterances: [{ text: 'ahoy', start: 0, end: 1000 }] }, 'AssemblyAI JSON'],
      [{ monologues: [{ elements: [{ type: 'text', value: 'ahoy', ts: 0, end_ts: 1 }] }] }, 'Rev.ai JSON'],
      [
        'File type = "ooTextFile"\nObject class = "TextGrid"\n0\n1\n<exists>\n1\n"IntervalTier"\n""\n0\n1\n1\n0\n1\n"ahoy"',
        'Praat TextGrid',
      ],
      [
        '<ANNOTATION_DOCUMENT><TIME_ORDER><TIME_SLOT TIME_SLOT_ID="a" TIME_VALUE="0"/><TIME_SLOT TIME_SLOT_ID="b" ' +
          'TIME_VALUE="1000"/></TIME_ORDER><TIER TIER_ID=""><ANNOTATION><ALIGNABLE_ANNOTATION TIME_SLOT_REF1="a" ' +
          'TIME_SLOT_REF2="b"><ANNOTATION_VALUE>ahoy</ANNOTATION_VALUE></ALIGNABLE_ANNOTATION></ANNOTATION></TIER>' +
          '</ANNOTATION_DOCUMENT>',
        'ELAN EAF',
      ],
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
