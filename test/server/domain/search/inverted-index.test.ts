/** The inverted index: words of any script, every word of a query, documents taken out and added again. */
import { describe, expect, it } from 'vitest';
import { InvertedIndex, words } from '../../../../server/domain/search/inverted-index.js';

describe('inverted index', () => {
  it('finds documents holding every word of the query, case-insensitively', () => {
    expect(words('Grüße, naïve café-au-lait 42!')).toEqual(['grüße', 'naïve', 'café', 'au', 'lait', '42']);
    const ix = new InvertedIndex();
    ix.add(0, 'The battery died quickly');
    ix.add(1, 'Battery life is great');
    ix.add(2, 'Great screen, poor battery');
    expect(ix.search('battery')).toEqual([0, 1, 2]);
    expect(ix.search('GREAT battery')).toEqual([1, 2]);
    expect(ix.search('great battery', 1)).toEqual([1]);
    expect(ix.search('battery dragon')).toEqual([]);
    expect(ix.search('  ,, ')).toEqual([]);
  });

  it('takes a document out by its old text, so a changed answer is found by its new words only', () => {
    const ix = new InvertedIndex();
    ix.add(7, 'positive praise');
    ix.remove(7, 'positive praise');
    ix.add(7, 'negative');
    expect(ix.search('positive')).toEqual([]);
    expect(ix.search('negative')).toEqual([7]);
    expect(ix.words).toBe(1);
  });
});
