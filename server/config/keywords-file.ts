/** Potato's keyword-highlight TSV: `Word<TAB>Label<TAB>Schema`, an optional header row, `*` as a wildcard. */
import { readFileSync } from 'node:fs';
import type { KeywordRule } from '../domain/task.js';

export function readKeywordRules(file: string): KeywordRule[] {
  const rules: KeywordRule[] = [];
  readFileSync(file, 'utf8')
    .split(/\r?\n/)
    .forEach((line, n) => {
      if (!line.trim() || line.startsWith('#')) return;
      const [word, label, scheme] = line.split('\t').map((s) => s?.trim());
      if (n === 0 && word?.toLowerCase() === 'word' && label?.toLowerCase() === 'label') return;
      if (!word || !label || !scheme) throw new Error(`${file}:${n + 1}: expected Word<TAB>Label<TAB>Schema`);
      rules.push({ word: word.toLowerCase(), label, schema: scheme });
    });
  return rules;
}
