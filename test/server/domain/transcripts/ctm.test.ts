import { describe, expect, it } from 'vitest';

import { parseCtm } from '../../../../server/domain/transcripts/ctm.js';

describe('parseCtm', () => {
  it('groups words into turns by channel (the speaker) and in time order, ignoring comments and confidences', () => {
    const ctm = [
      ';; aligned by hand',
      'ferry 1 0.10 0.30 tickets 0.97',
      'ferry 1 0.45 0.35 please 0.91',
      'ferry 1 3.00 0.40 thanks',
      'ferry 2 1.20 0.25 here',
      'ferry 2 1.50 0.30 you',
      'ferry 2 1.85 0.20 go',
    ].join('\n');
    expect(parseCtm(ctm)).toEqual([
      { speaker: '1', text: 'tickets please', start: 0.1, end: 0.8 },
      { speaker: '2', text: 'here you go', start: 1.2, end: 2.05 },
      { speaker: '1', text: 'thanks', start: 3, end: 3.4 },
    ]);
  });

  it('leaves one channel unassigned and starts a new turn after a pause longer than 0.8 s', () => {
    const ctm = 'dock A 0.00 0.40 mind\ndock A 0.50 0.40 the\ndock A 1.00 0.30 rope\ndock A 2.20 0.50 sorry\n';
    expect(parseCtm(ctm)).toEqual([
      { text: 'mind the rope', start: 0, end: 1.3 },
      { text: 'sorry', start: 2.2, end: 2.7 },
    ]);
  });

  it('is not prose or a table of other columns', () => {
    expect(parseCtm('We met at noon and talked.\n')).toBeUndefined();
    expect(parseCtm('dock A zero 0.40 mind\n')).toBeUndefined();
  });
});
