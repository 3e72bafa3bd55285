import { describe, expect, it } from 'vitest';

import { parseDeepgram } from '../../../../server/domain/transcripts/deepgram.js';

describe('parseDeepgram', () => {
  it('prefers utterances, numbering speakers as Potato does', () => {
    const response = {
      metadata: { request_id: 'r1' },
      results: {
        channels: [{ alternatives: [{ transcript: 'any nets left no they sold out' }] }],
        utterances: [
          { start: 0.2, end: 1.4, speaker: 0, transcript: 'Any nets left?' },
          { start: 1.6, end: 2.9, speaker: 1, transcript: 'No, they sold out.' },
        ],
      },
    };
    expect(parseDeepgram(response)).toEqual([
      { speaker: 'speaker_0', text: 'Any nets left?', start: 0.2, end: 1.4 },
      { speaker: 'speaker_1', text: 'No, they sold out.', start: 1.6, end: 2.9 },
    ]);
  });

  it("groups the first channel's words by speaker and pause, punctuated words first", () => {
    const w = (word: string, start: number, end: number, speaker?: number, punctuated?: string) => ({
      word,
      start,
      end,
      confidence: 0.9,
      ...(speaker !== undefined ? { speaker } : {}),
      ...(punctuated ? { punctuated_word: punctuated } : {}),
    });
    const response = {
      results: {
        channels: [
          {
            alternatives: [
              {
                transcript: 'low tide soon yes',
                words: [
                  w('low', 0, 0.3, 0, 'Low'),
                  w('tide', 0.3, 0.6, 0),
                  w('soon', 0.7, 1, 0, 'soon.'),
                  w('yes', 1.1, 1.4, 1),
                ],
              },
            ],
          },
        ],
      },
    };
    expect(parseDeepgram(response)).toEqual([
      { speaker: 'speaker_0', text: 'Low tide soon.', start: 0, end: 1 },
      { speaker: 'speaker_1', text: 'yes', start: 1.1, end: 1.4 },
    ]);
  });
});
