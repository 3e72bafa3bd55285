/** The rule-based parser of labels said aloud: set phrasings only, last one wins, fuzzy matching that keeps apart. */
import { describe, expect, it } from 'vitest';
import { SpokenLabels } from '../../../../server/domain/think-aloud/spoken-labels.js';

const parser = new SpokenLabels(['Polite', 'Neutral', 'Impolite', 'Very rude']);

describe('spoken labels', () => {
  it('commits only through a set phrasing, and the last commitment wins', () => {
    expect(parser.detect('this seems polite, but maybe neutral')).toBeNull();
    expect(parser.detect("I'd call it Neutral.")).toMatchObject({ label: 'Neutral', confidence: 1 });
    expect(parser.detect('I label this polite. I label this neutral.')).toMatchObject({ label: 'Neutral' });
    expect(parser.detect('I go with very rude')).toMatchObject({
      label: 'Very rude',
      stem_text: 'I go with very rude',
    });
  });

  it('never takes polite for impolite, and absorbs a mishearing', () => {
    expect(parser.detect('my answer is polite')).toMatchObject({ label: 'Polite', confidence: 1 });
    expect(parser.detect('my answer is impolite')).toMatchObject({ label: 'Impolite', confidence: 1 });
    expect(parser.detect('final answer in polite')?.label).toBe('Impolite');
    expect(parser.detect('final answer neutrall')).toMatchObject({ label: 'Neutral' });
    expect(parser.detect('final answer banana')).toBeNull();
  });

  it('hears only phrases that reach into the newest chunk of the window', () => {
    const window = 'I label this polite and then some more';
    expect(parser.detect(window, 'I label this polite '.length)).toBeNull();
    expect(parser.detect('hmm my answer is neutral', 'hmm my answer '.length)).toMatchObject({ label: 'Neutral' });
  });

  it('cuts commitments out of the rationale and counts fillers', () => {
    const text = 'um it is a bare command uh I label this impolite because no greeting';
    expect(parser.rationale(text)).toBe('um it is a bare command uh because no greeting');
    expect(parser.fillerCount(text)).toBe(2);
    const custom = new SpokenLabels(['Polite'], [String.raw`\bverdict`], ['like']);
    expect(custom.detect('verdict: polite')).toMatchObject({ label: 'Polite' });
    expect(custom.detect('I label this polite')).toBeNull();
    expect(custom.fillerCount('um like, like')).toBe(2);
  });
});
