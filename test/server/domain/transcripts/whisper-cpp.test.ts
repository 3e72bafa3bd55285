import { describe, expect, it } from 'vitest';

import { parseWhisperCpp } from '../../../../server/domain/transcripts/whisper-cpp.js';

describe('parseWhisperCpp', () => {
  it('reads the transcription list with millisecond offsets and no speaker', () => {
    const out = {
      systeminfo: 'AVX = 1',
      transcription: [
        {
          timestamps: { from: '00:00:00,000', to: '00:00:02,400' },
          offsets: { from: 0, to: 2400 },
          text: ' Cast off.',
        },
        { timestamps: { from: '00:00:02,400', to: '00:00:05,000' }, offsets: { from: 2400, to: 5000 }, text: ' Aye.' },
      ],
    };
    expect(parseWhisperCpp(out)).toEqual([
      { text: 'Cast off.', start: 0, end: 2.4 },
      { text: 'Aye.', start: 2.4, end: 5 },
    ]);
  });
});
