import { describe, expect, it } from 'vitest';

import { parseYoutubeSrv } from '../../../../server/domain/transcripts/youtube-srv.js';

describe('parseYoutubeSrv', () => {
  it('reads srv1 <text start dur> in seconds, with a Name: prefix as the speaker', () => {
    const srv1 = `<?xml version="1.0" encoding="utf-8" ?><transcript>
<text start="0.4" dur="2.1">Ona: gulls &amp;#39;round the mast</text><text start="2.5" dur="1">quiet now</text></transcript>`;
    expect(parseYoutubeSrv(srv1)).toEqual([
      { speaker: 'Ona', text: "gulls 'round the mast", start: 0.4, end: 2.5 },
      { text: 'quiet now', start: 2.5, end: 3.5 },
    ]);
  });

  it('reads srv3 <p t d> in milliseconds', () => {
    const srv3 =
      '<timedtext format="3"><body><p t="1500" d="2000"><s>low</s><s t="300"> water</s></p></body></timedtext>';
    expect(parseYoutubeSrv(srv3)).toEqual([{ text: 'low water', start: 1.5, end: 3.5 }]);
  });
});
