/**
 * A query answered from the two inverted indexes: the items holding every word, each word in the item or in its
 * answers, with a snippet and, for admins, the annotators whose answers hold the words.
 */
import type { Task } from '../task.js';
import type { InvertedIndex } from './inverted-index.js';
import { words } from './inverted-index.js';
import { answerText, holdsAny, snippet, type AnswerSource } from './search-texts.js';

interface SearchHit {
  instance_id: string;
  /** a stretch of the text around the first word found there, or its start */
  snippet: string;
  /** where the words were found: the item (text and fields), answers, or both */
  matched_in: ('item' | 'answers')[];
  /** annotators whose answers hold any of the words (admins only): the words may be spread over several */
  annotators?: string[];
}

export interface SearchResult {
  query: string;
  results: SearchHit[];
  /** more hits than `limit` exist */
  truncated: boolean;
}

/** What a query reads: the indexes over the first `indexed` items, and the task and answers they came from. */
export interface Searched {
  task: Task;
  source: AnswerSource;
  items: InvertedIndex;
  answers: InvertedIndex;
  indexed: number;
}

/** A word in more than 1 in this many items is looked for item by item in task order. */
const DENSE = 8;

/**
 * Items holding every word of the query, each word in the item (text, fields) or in its answers (everyone's,
 * or only the caller's own for `only`), in task order. Candidates are the rarest word's documents: its items
 * in position order up to one more than asked for (so later ones cannot be among the first), and all its answers
 * (kept in no order); when even the rarest word is in more than one item in DENSE, the items in task order
 * instead, up to one more than asked for.
 */
export function find(
  at: Searched,
  query: string,
  limit: number,
  only: { username: string; list: ReadonlySet<string> | null } | undefined,
): SearchResult {
  const { task, source } = at;
  const wanted = [...new Set(words(query))];
  const postings = wanted.map((w) => ({
    word: w,
    items: at.items.docsOf(w),
    answers: at.answers.docsOf(w),
  }));
  if (!postings.length || postings.some((p) => !p.items.size && !p.answers.size)) {
    return { query, results: [], truncated: false };
  }
  postings.sort((a, b) => a.items.size + a.answers.size - (b.items.size + b.answers.size));
  const ownWords = new Map<number, ReadonlySet<string>>();
  const answerHolds = (position: number, word: string): boolean => {
    if (!only) return true;
    let have = ownWords.get(position);
    if (!have) {
      const record = source.get(only.username, task.instances[position].id);
      ownWords.set(position, (have = new Set(record ? words(answerText(record)) : [])));
    }
    return have.has(word);
  };
  const where = new Map<number, SearchHit['matched_in']>();
  const check = (position: number): boolean => {
    if (where.has(position)) return false;
    if (only?.list && !only.list.has(task.instances[position].id)) return false;
    let inItem = false;
    let inAnswers = false;
    for (const p of postings) {
      const item = p.items.has(position);
      const answer = p.answers.has(position) && answerHolds(position, p.word);
      if (!item && !answer) return false;
      inItem ||= item;
      inAnswers ||= answer;
    }
    where.set(position, [...(inItem ? (['item'] as const) : []), ...(inAnswers ? (['answers'] as const) : [])]);
    return true;
  };
  const [rarest] = postings;
  const count = at.indexed;
  if ((rarest.items.size + rarest.answers.size) * DENSE > count) {
    // every word is common: the first items in task order hold them all soon
    let found = 0;
    for (let position = 0; position < count && found <= limit; position++) if (check(position)) found++;
  } else {
    let fromItems = 0;
    for (const position of rarest.items) if (check(position) && ++fromItems > limit) break;
    for (const position of rarest.answers) check(position);
  }
  const positions = [...where.keys()].sort((a, b) => a - b);
  const results = positions.slice(0, limit).map((position): SearchHit => {
    const instance = task.instances[position];
    const out: SearchHit = {
      instance_id: instance.id,
      snippet: snippet(instance.text, query),
      matched_in: where.get(position)!,
    };
    if (!only) {
      out.annotators = [...source.annotatorsOf(instance.id)]
        .filter((name) => {
          const record = source.get(name, instance.id);
          return !!record && holdsAny(answerText(record), wanted);
        })
        .sort();
    }
    return out;
  });
  return { query, results, truncated: positions.length > limit };
}
