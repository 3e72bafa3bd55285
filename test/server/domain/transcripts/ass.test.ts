import { describe, expect, it } from 'vitest';

import { parseAss } from '../../../../server/domain/transcripts/ass.js';

describe('parseAss', () => {
  it('reads Dialogue events by the Format line: Name as speaker, commas kept, overrides and \\N dropped', () => {
    const ass = [
      '[Script Info]',
      'Title: Harbour night shift',
      'ScriptType: v4.00+',
      '',
      '[V4+ Styles]',
      'Format: Name, Fontname, Fontsize',
      'Style: Default,Verdana,20',
      '',
      '[Events]',
      'Format: Layer, Start, End, Style, Name, MarginL, MarginR, MarginV, Effect, Text',
      'Comment: 0,0:00:00.00,0:00:01.00,Default,Ida,0,0,0,,not spoken',
      'Dialogue: 0,0:00:02.50,0:00:04.00,Default,Ida,0,0,0,,{\\i1}Crane two{\\i0}, then crane three.',
      'Dialogue: 0,0:00:04.00,0:01:05.25,Default,,0,0,0,,Copy that\\Nheading over',
      'Dialogue: 0,0:00:06.00,0:00:05.00,Default,Ida,0,0,0,,backwards in time',
    ].join('\r\n');
    expect(parseAss(ass)).toEqual([
      { speaker: 'Ida', text: 'Crane two, then crane three.', start: 2.5, end: 4 },
      { text: 'Copy that heading over', start: 4, end: 65.25 },
    ]);
  });

  it('reads an SSA v4 file whose Format puts Marked first and names no speaker column', () => {
    const ssa = `[Script Info]\nScriptType: v4.00\n\n[Events]\nFormat: Marked, Start, End, Style, Text\nDialogue: Marked=0,0:00:01.00,0:00:02.00,Default,Gulls, again.\n`;
    expect(parseAss(ssa)).toEqual([{ text: 'Gulls, again.', start: 1, end: 2 }]);
  });

  it('is not a caption file of another kind', () => {
    expect(parseAss('1\n00:00:01,000 --> 00:00:02,000\nhi\n')).toBeUndefined();
  });
});
