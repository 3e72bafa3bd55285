import { describe, expect, it } from 'vitest';

import { parseAwsTranscribe } from '../../../../server/domain/transcripts/aws-transcribe.js';

describe('parseAwsTranscribe', () => {
  it('reads audio_segments when the job wrote them', () => {
    const job = {
      jobName: 'harbour-07',
      results: {
        transcripts: [{ transcript: 'Is the crane free? Not until noon.' }],
        audio_segments: [
          { id: 0, transcript: 'Is the crane free?', start_time: '0.4', end_time: '1.9', speaker_label: 'spk_0' },
          { id: 1, transcript: 'Not until noon.', start_time: '2.1', end_time: '3.3', speaker_label: 'spk_1' },
        ],
        items: [],
      },
    };
    expect(parseAwsTranscribe(job)).toEqual([
      { speaker: 'spk_0', text: 'Is the crane free?', start: 0.4, end: 1.9 },
      { speaker: 'spk_1', text: 'Not until noon.', start: 2.1, end: 3.3 },
    ]);
  });

  it('groups the items word stream by the speaker_labels segments, punctuation joining the word before', () => {
    const word = (content: string, start: string, end: string) => ({
      type: 'pronunciation',
      start_time: start,
      end_time: end,
      alternatives: [{ confidence: '0.98', content }],
    });
    const punct = (content: string) => ({ type: 'punctuation', alternatives: [{ confidence: '0.0', content }] });
    const job = {
      results: {
        speaker_labels: {
          speakers: 2,
          segments: [
            { start_time: '0.0', end_time: '1.2', speaker_label: 'spk_0' },
            { start_time: '1.3', end_time: '2.4', speaker_label: 'spk_1' },
          ],
        },
        items: [
          word('Ready', '0.1', '0.5'),
          punct('?'),
          word('Almost', '1.3', '1.8'),
          punct(','),
          word('wait', '1.9', '2.3'),
          punct('.'),
        ],
      },
    };
    expect(parseAwsTranscribe(job)).toEqual([
      { speaker: 'spk_0', text: 'Ready?', start: 0.1, end: 0.5 },
      { speaker: 'spk_1', text: 'Almost, wait.', start: 1.3, end: 2.3 },
    ]);
  });

  it('is not a Deepgram response', () => {
    expect(parseAwsTranscribe({ results: { channels: [] } })).toBeUndefined();
  });
});
