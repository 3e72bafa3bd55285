import { describe, expect, it } from 'vitest';

import { parseJson3 } from '../../../../server/domain/transcripts/json3.js';

describe('parseJson3', () => {
  it('reads events in milliseconds, joining word segments and skipping line-break events', () => {
    const json3 = {
      wireMagic: 'pb3',
      events: [
        { tStartMs: 0, dDurationMs: 9000 },
        {
          tStartMs: 1200,
          dDurationMs: 2300,
          segs: [{ utf8: 'tide' }, { utf8: ' is', tOffsetMs: 400 }, { utf8: ' out' }],
        },
        { tStartMs: 3500, dDurationMs: 10, aAppend: 1, segs: [{ utf8: '\n' }] },
        { tStartMs: 3500, dDurationMs: 1500, segs: [{ utf8: 'Mara: ' }, { utf8: 'row on' }] },
      ],
    };
    expect(parseJson3(json3)).toEqual([
      { text: 'tide is out', start: 1.2, end: 3.5 },
      { speaker: 'Mara', text: 'row on', start: 3.5, end: 5 },
    ]);
  });

  it('is not an object without events', () => {
    expect(parseJson3({ segments: [] })).toBeUndefined();
    expect(parseJson3({ events: [{ tStartMs: 0 }] })).toBeUndefined();
  });
});
