import { describe, expect, it } from 'vitest';

import { parseAssemblyAi } from '../../../../server/domain/transcripts/assemblyai.js';

describe('parseAssemblyAi', () => {
  it('reads utterances in milliseconds with lettered speakers', () => {
    const transcript = {
      id: 'tx-1',
      status: 'completed',
      text: 'Where is the key? Under the mat.',
      words: [],
      utterances: [
        { start: 250, end: 1400, speaker: 'A', text: 'Where is the key?', confidence: 0.93 },
        { start: 1650, end: 2700, speaker: 'B', text: 'Under the mat.', confidence: 0.9 },
      ],
    };
    expect(parseAssemblyAi(transcript)).toEqual([
      { speaker: 'A', text: 'Where is the key?', start: 0.25, end: 1.4 },
      { speaker: 'B', text: 'Under the mat.', start: 1.65, end: 2.7 },
    ]);
  });

  it('groups words when there are no utterances; with no speaker labels the turns are unassigned', () => {
    const transcript = {
      text: 'Fog again. Later.',
      utterances: null,
      words: [
        { text: 'Fog', start: 0, end: 300, speaker: null },
        { text: 'again.', start: 350, end: 800, speaker: null },
        { text: 'Later.', start: 2000, end: 2500, speaker: null },
      ],
    };
    expect(parseAssemblyAi(transcript)).toEqual([
      { text: 'Fog again.', start: 0, end: 0.8 },
      { text: 'Later.', start: 2, end: 2.5 },
    ]);
  });
});
