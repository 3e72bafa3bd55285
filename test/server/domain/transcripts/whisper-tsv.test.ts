import { describe, expect, it } from 'vitest';

import { parseWhisperTsv } from '../../../../server/domain/transcripts/whisper-tsv.js';

describe('parseWhisperTsv', () => {
  it('reads rows after the header in milliseconds, with no speaker', () => {
    const tsv =
      'start\tend\ttext\n0\t1840\tThe tide turns at six.\n1840\t3920\tWe leave at five then.\nbad\trow\there\n';
    expect(parseWhisperTsv(tsv)).toEqual([
      { text: 'The tide turns at six.', start: 0, end: 1.84 },
      { text: 'We leave at five then.', start: 1.84, end: 3.92 },
    ]);
  });

  it('needs the header', () => {
    expect(parseWhisperTsv('0\t1840\tThe tide turns at six.\n')).toBeUndefined();
  });
});
