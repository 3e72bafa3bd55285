import { describe, expect, it } from 'vitest';

import { parseTextGrid } from '../../../../server/domain/transcripts/textgrid.js';

const long = `File type = "ooTextFile"
Object class = "TextGrid"

xmin = 0
xmax = 5.5
tiers? <exists>
size = 3
item []:
    item [1]:
        class = "IntervalTier"
        name = "skipper"
        xmin = 0
        xmax = 5.5
        intervals: size = 3
        intervals [1]:
            xmin = 0
            xmax = 0.7
            text = ""
        intervals [2]:
            xmin = 0.7
            xmax = 2.25
            text = "Cast off the ""bow"" line"
        intervals [3]:
            xmin = 2.25
            xmax = 5.5
            text = ""
    item [2]:
        class = "TextTier"
        name = "events"
        xmin = 0
        xmax = 5.5
        points: size = 1
        points [1]:
            number = 1.2
            mark = "horn"
    item [3]:
        class = "IntervalTier"
        name = "deckhand"
        xmin = 0
        xmax = 5.5
        intervals: size = 2
        intervals [1]:
            xmin = 0
            xmax = 2.5
            text = ""
        intervals [2]:
            xmin = 2.5
            xmax = 3.75
            text = "Done"
`;

describe('parseTextGrid', () => {
  it('reads the long form: one speaker a tier, empty intervals and point tiers left out, turns in time order', () => {
    expect(parseTextGrid(long)).toEqual([
      { speaker: 'skipper', text: 'Cast off the "bow" line', start: 0.7, end: 2.25 },
      { speaker: 'deckhand', text: 'Done', start: 2.5, end: 3.75 },
    ]);
  });

  it('reads the short form to the same turns', () => {
    const short = [
      'File type = "ooTextFile"',
      'Object class = "TextGrid"',
      '',
      '0',
      '5.5',
      '<exists>',
      '3',
      '"IntervalTier"',
      '"skipper"',
      '0',
      '5.5',
      '3',
      '0',
      '0.7',
      '""',
      '0.7',
      '2.25',
      '"Cast off the ""bow"" line"',
      '2.25',
      '5.5',
      '""',
      '"TextTier"',
      '"events"',
      '0',
      '5.5',
      '1',
      '1.2',
      '"horn"',
      '"IntervalTier"',
      '"deckhand"',
      '0',
      '5.5',
      '2',
      '0',
      '2.5',
      '""',
      '2.5',
      '3.75',
      '"Done"',
    ].join('\n');
    expect(parseTextGrid(short)).toEqual(parseTextGrid(long));
  });

  it('is not another Praat object', () => {
    expect(parseTextGrid('File type = "ooTextFile"\nObject class = "Pitch 1"\n')).toBeUndefined();
  });
});
