import { describe, expect, it } from 'vitest';
import { DEFAULT_MARKERS, segmentCot, type CotOptions } from '../../../../server/domain/data/cot-segments.js';

const opts = (o: Partial<CotOptions> = {}): CotOptions => ({
  strategy: 'auto',
  markers: DEFAULT_MARKERS,
  min_step_chars: 0,
  max_steps: 200,
  sentences_per_step: 1,
  ...o,
});

const NUMBERED = 'Step 1: Add the costs.\nThat is 4 + 5.\nStep 2: It makes 9.\nStep 3: So the answer is 9.';

describe('cot segmentation', () => {
  it('splits on numbered lines, keeping a step that runs over several lines whole', () => {
    expect(segmentCot(NUMBERED, opts({ strategy: 'numbered' }))).toEqual([
      'Step 1: Add the costs.\nThat is 4 + 5.',
      'Step 2: It makes 9.',
      'Step 3: So the answer is 9.',
    ]);
    expect(segmentCot('1. First\n2) Second', opts({ strategy: 'numbered' }))).toEqual(['1. First', '2) Second']);
  });

  it('splits on markers (a tag closing a step too), blank lines and sentences', () => {
    expect(segmentCot('<step>Look</step><step>Count</step>', opts({ strategy: 'markers' }))).toEqual(['Look', 'Count']);
    expect(segmentCot('a || b || c', opts({ strategy: 'markers', markers: ['||'] }))).toEqual(['a', 'b', 'c']);
    expect(segmentCot('One para.\n\n  \nTwo para.', opts({ strategy: 'blank_line' }))).toEqual([
      'One para.',
      'Two para.',
    ]);
    expect(segmentCot('It is 3. Then 4! Is it 5? Yes.', opts({ strategy: 'sentence', sentences_per_step: 2 }))).toEqual(
      ['It is 3. Then 4!', 'Is it 5? Yes.'],
    );
  });

  it('auto takes markers, then numbers, then blank lines, then sentences: the first giving two steps', () => {
    expect(segmentCot('x --- y', opts())).toEqual(['x', 'y']);
    expect(segmentCot(NUMBERED, opts())).toHaveLength(3);
    expect(segmentCot('Para one.\n\nPara two.', opts())).toEqual(['Para one.', 'Para two.']);
    expect(segmentCot('Only sentences here. Two of them.', opts())).toEqual(['Only sentences here.', 'Two of them.']);
    expect(segmentCot('', opts())).toEqual([]);
  });

  it('merges short steps into the one before, caps the count, and never drops text', () => {
    const text = 'Short.\n\nThis one is long enough to stand.\n\nok\n\nAnother long enough step here.';
    const steps = segmentCot(text, opts({ min_step_chars: 10 }));
    expect(steps).toEqual(['Short.\nThis one is long enough to stand.\nok', 'Another long enough step here.']);
    const capped = segmentCot('a\n\nb\n\nc\n\nd', opts({ max_steps: 2 }));
    expect(capped).toEqual(['a', 'b\nc\nd']);
  });
});
