import { describe, expect, it } from 'vitest';

import { parseTtml } from '../../../../server/domain/transcripts/ttml.js';

describe('parseTtml', () => {
  it('reads <p> cues with clock and offset times, agents resolved to their names, markup and entities', () => {
    const ttml = `<?xml version="1.0" encoding="UTF-8"?>
<tt xmlns="http://www.w3.org/ns/ttml" xmlns:ttm="http://www.w3.org/ns/ttml#metadata">
  <head><metadata><ttm:agent xml:id="lena" type="person"><ttm:name type="full">Lena Brook</ttm:name></ttm:agent></metadata></head>
  <body><div>
    <p begin="00:00:01.250" end="00:00:03.000" ttm:agent="lena">Nets <span tts:fontStyle="italic">first</span>,<br/>then bait &amp; lines.</p>
    <p begin="3s" dur="1500ms" speaker="Piet">Understood.</p>
    <p begin="00:00:05:15" end="00:00:06.000">No one speaks.</p>
  </div></body>
</tt>`;
    expect(parseTtml(ttml)).toEqual([
      { speaker: 'Lena Brook', text: 'Nets first, then bait & lines.', start: 1.25, end: 3 },
      { speaker: 'Piet', text: 'Understood.', start: 3, end: 4.5 },
      { text: 'No one speaks.', start: 5.5, end: 6 },
    ]);
  });

  it('is not another XML document', () => {
    expect(parseTtml('<transcript><text start="1" dur="2">hi</text></transcript>')).toBeUndefined();
  });
});
