/** Potato's keyword-highlight TSV: `Word<TAB>Label<TAB>Schema`, an optional header row, `*` as a wildcard. */
import { existsSync, readFileSync } from 'node:fs';
import type { KeywordRule } from '../domain/task.js';

function readKeywordRules(file: string): KeywordRule[] {
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

/** `keyword_highlights_file`, found beside the config; a rule naming a scheme the task lacks is warned about. */
export function readKeywordHighlights(
  name: string | undefined,
  locate: (name: string) => string,
  schemeNames: ReadonlySet<string>,
  fail: (message: string) => never,
  warn: (message: string) => void,
): KeywordRule[] {
  if (!name) return [];
  const file = locate(name);
  if (!existsSync(file)) fail(`keyword_highlights_file: ${file} not found`);
  let rules: KeywordRule[] = [];
  try {
    rules = readKeywordRules(file);
  } catch (e) {
    fail(`keyword_highlights_file: ${(e as Error).message}`);
  }
  for (const rule of rules) {
    if (!schemeNames.has(rule.schema)) warn(`${file}: keyword "${rule.word}" names unknown scheme "${rule.schema}"`);
  }
  return rules;
}
