/**
 * An inverted index: each word → the documents (small integers) holding it. A query's words are looked up and
 * the rarest word's documents checked against the others', so a search costs what its rarest word matches, not
 * the collection's size. Sets keep adding and removing a document (an answer changed) constant-time.
 */

/** Words as search sees them: lower-case runs of letters and digits (any script). */
export function words(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

const NONE: ReadonlySet<number> = new Set();

export class InvertedIndex {
  private readonly postings = new Map<string, Set<number>>();

  add(doc: number, text: string): void {
    for (const word of words(text)) {
      let docs = this.postings.get(word);
      if (!docs) this.postings.set(word, (docs = new Set()));
      docs.add(doc);
    }
  }

  /** Takes a document out, given the text it was added with. */
  remove(doc: number, text: string): void {
    for (const word of words(text)) {
      const docs = this.postings.get(word);
      if (!docs) continue;
      docs.delete(doc);
      if (!docs.size) this.postings.delete(word);
    }
  }

  /**
   * Documents holding every word of the query (none for a query without words) that `accept` lets through, at
   * most `limit`, in the order the rarest word's documents were added.
   */
  search(query: string, limit = Infinity, accept?: (doc: number) => boolean): number[] {
    const lists: Set<number>[] = [];
    for (const w of new Set(words(query))) {
      const docs = this.postings.get(w);
      if (!docs) return [];
      lists.push(docs);
    }
    if (!lists.length) return [];
    lists.sort((a, b) => a.size - b.size);
    const [first, ...rest] = lists;
    const out: number[] = [];
    for (const doc of first) {
      if (rest.every((s) => s.has(doc)) && (!accept || accept(doc))) {
        out.push(doc);
        if (out.length >= limit) break;
      }
    }
    return out;
  }

  /** The documents holding a word (exactly as `words` gives it). */
  docsOf(word: string): ReadonlySet<number> {
    return this.postings.get(word) ?? NONE;
  }

  /** Distinct words indexed. */
  get words(): number {
    return this.postings.size;
  }
}
