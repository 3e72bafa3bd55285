/** Keyword highlights: whole-word, case-insensitive matches of the task's keyword rules, `*` as a wildcard. */
import type { KeywordRule, Task } from '../task.js';

export interface KeywordMatch {
  schema: string;
  label: string;
  start: number;
  end: number;
  text: string;
  color: string;
}

const escape = (s: string) => s.replace(/[.+?^${}()|[\]\\]/g, '\\$&');

export function compileRules(rules: readonly KeywordRule[]): { rule: KeywordRule; pattern: RegExp }[] {
  return rules.map((rule) => ({
    rule,
    // \p{L}\p{N}_ instead of \w so words in any script have boundaries
    pattern: new RegExp(
      `(?<![\\p{L}\\p{N}_])${escape(rule.word).replace(/\*/g, '[\\p{L}\\p{N}_]*')}(?![\\p{L}\\p{N}_])`,
      'giu',
    ),
  }));
}

export function findKeywords(task: Task, compiled: ReturnType<typeof compileRules>, text: string): KeywordMatch[] {
  const matches: KeywordMatch[] = [];
  for (const { rule, pattern } of compiled) {
    pattern.lastIndex = 0;
    for (const m of text.matchAll(pattern)) {
      if (!m[0]) continue;
      const start = m.index ?? 0;
      matches.push({
        schema: rule.schema,
        label: rule.label,
        start,
        end: start + m[0].length,
        text: m[0],
        color: task.colors[rule.schema]?.[rule.label] ?? '#ffff00',
      });
    }
  }
  return matches.sort((a, b) => a.start - b.start || b.end - a.end);
}
