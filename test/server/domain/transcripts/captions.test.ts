import { describe, expect, it } from 'vitest';

import { parseCaptions } from '../../../../server/domain/transcripts/captions.js';

describe('parseCaptions', () => {
  it('reads WebVTT cues with voice tags, a NOTE block and styling into timed turns', () => {
    const vtt = [
      'WEBVTT - harbour interview',
      '',
      'NOTE recorded on the pier',
      '',
      'intro',
      '00:00:01.500 --> 00:00:04.000',
      '<v Rosa Ines>Where did the boats go?</v>',
      '',
      '00:04.250 --> 00:07.000',
      '<v.loud Tomasz>North, <i>past</i> the light.',
      '',
      '00:07.000 --> 00:09.000',
      'Rosa: And then?',
    ].join('\r\n');
    expect(parseCaptions(vtt)).toEqual([
      { speaker: 'Rosa Ines', text: 'Where did the boats go?', start: 1.5, end: 4 },
      { speaker: 'Tomasz', text: 'North, past the light.', start: 4.25, end: 7 },
      { speaker: 'Rosa', text: 'And then?', start: 7, end: 9 },
    ]);
  });

  it('reads SubRip cues, with a Name: prefix as the speaker and none without', () => {
    const srt =
      '1\n00:00:00,000 --> 00:00:02,400\nMilo: Is it raining?\n\n2\n00:00:02,400 --> 00:01:05,010\nOnly a little.\nIt will pass.\n';
    expect(parseCaptions(srt)).toEqual([
      { speaker: 'Milo', text: 'Is it raining?', start: 0, end: 2.4 },
      { text: 'Only a little.\nIt will pass.', start: 2.4, end: 65.01 },
    ]);
  });

  it('gives undefined for text that has no cues, so it is shown as text', () => {
    expect(parseCaptions('Just a paragraph about a harbour.')).toBeUndefined();
    expect(parseCaptions('WEBVTT\n\nNOTE nothing here')).toBeUndefined();
    expect(parseCaptions('1\n00:00:05,000 --> 00:00:01,000\nbackwards')).toBeUndefined();
  });
});
