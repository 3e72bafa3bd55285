import { describe, expect, it } from 'vitest';

import { parseRevAi } from '../../../../server/domain/transcripts/rev-ai.js';

describe('parseRevAi', () => {
  it('reads one turn a monologue, text joined as written, times from the first and last word', () => {
    const transcript = {
      monologues: [
        {
          speaker: 0,
          elements: [
            { type: 'text', value: 'Bring', ts: 0.5, end_ts: 0.8, confidence: 1 },
            { type: 'punct', value: ' ' },
            { type: 'text', value: 'coffee', ts: 0.85, end_ts: 1.3, confidence: 0.97 },
            { type: 'punct', value: '.' },
          ],
        },
        {
          speaker: 1,
          speaker_name: 'Harbourmaster',
          elements: [{ type: 'text', value: 'Gladly', ts: 1.6, end_ts: 2.1, confidence: 0.99 }],
        },
        { speaker: 0, elements: [{ type: 'punct', value: '.' }] },
      ],
    };
    expect(parseRevAi(transcript)).toEqual([
      { speaker: 'speaker_0', text: 'Bring coffee.', start: 0.5, end: 1.3 },
      { speaker: 'Harbourmaster', text: 'Gladly', start: 1.6, end: 2.1 },
    ]);
  });
});
