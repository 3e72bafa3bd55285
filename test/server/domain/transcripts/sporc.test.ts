import { describe, expect, it } from 'vitest';

import { parseSporc } from '../../../../server/domain/transcripts/sporc.js';

const rows = [
  {
    turnText: ' Welcome to the harbour hour.',
    speaker: ['SPEAKER_00'],
    startTime: 0,
    endTime: 4.5,
    mp3url: 'https://example.org/ep7.mp3',
    inferredSpeakerName: 'Ada Quill',
    inferredSpeakerRole: 'host',
  },
  {
    turnText: 'Glad to be on the show.',
    speaker: ['SPEAKER_01'],
    startTime: 4.5,
    endTime: 7.25,
    inferredSpeakerName: 'NO_INFERRED_SPEAKER',
    inferredSpeakerRole: 'neither',
  },
];

describe('parseSporc', () => {
  it('reads camelCase rows, unwrapping the speaker list, with the recording from mp3url', () => {
    expect(parseSporc(rows)).toEqual({
      turns: [
        { speaker: 'SPEAKER_00', text: 'Welcome to the harbour hour.', start: 0, end: 4.5 },
        { speaker: 'SPEAKER_01', text: 'Glad to be on the show.', start: 4.5, end: 7.25 },
      ],
      audio: 'https://example.org/ep7.mp3',
    });
  });

  it('takes the speaker from the named key and leaves SPoRC sentinels unassigned', () => {
    expect(parseSporc(rows, 'inferredSpeakerName')?.turns.map((t) => t.speaker)).toEqual(['Ada Quill', undefined]);
    expect(parseSporc(rows, 'inferredSpeakerRole')?.turns.map((t) => t.speaker)).toEqual(['host', undefined]);
  });

  it('reads the snake_case (parquet) form', () => {
    const snake = [{ turn_text: 'Hello', start_time: 1, end_time: 2, speaker: 'SPEAKER_02', mp3_url: 'a.mp3' }];
    expect(parseSporc(snake)).toEqual({
      turns: [{ speaker: 'SPEAKER_02', text: 'Hello', start: 1, end: 2 }],
      audio: 'a.mp3',
    });
  });

  it('is not a list of other rows', () => {
    expect(parseSporc([{ speaker: 'a', text: 'b' }])).toBeUndefined();
    expect(parseSporc('turnText')).toBeUndefined();
  });
});
