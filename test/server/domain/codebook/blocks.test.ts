/** The codebook's pure rules: which prose edits change meaning, pasted markdown, near-duplicate names, stable ids. */
import { describe, expect, it } from 'vitest';
import { blocksToMarkdown, isSemanticChange, parseMarkdown } from '../../../../server/domain/codebook/blocks.js';
import { codeId, similarNames } from '../../../../server/domain/codebook/codes.js';

const block = (block_type: string, body_md: string) => ({ block_type, body_md, custom_label: null });

describe('codebook prose', () => {
  it('counts an edit as a change of meaning only when a meaning-bearing block changes', () => {
    const rule = [block('use_when', 'rule A')];
    expect(isSemanticChange([], rule)).toBe(true);
    expect(isSemanticChange(rule, [block('use_when', ' rule A\n'), block('example', 'x')])).toBe(false);
    expect(isSemanticChange(rule, [block('use_when', 'rule B')])).toBe(true);
    expect(isSemanticChange(rule, [block('avoid_when', 'rule A')])).toBe(true);
  });

  it('reads headings of any level, aliases included, and writes the blocks back under theirs', () => {
    const parsed = parseMarkdown('intro line\n# Inclusion criteria:\nyes\n#### Why\nbecause');
    expect(parsed.map((b) => [b.block_type, b.body_md, b.classified])).toEqual([
      ['custom', 'intro line', false],
      ['use_when', 'yes', true],
      ['rationale', 'because', true],
    ]);
    expect(blocksToMarkdown([block('use_when', 'yes')])).toBe('### Use when\n\nyes\n');
  });

  it('finds names written differently, not names that merely share letters', () => {
    expect(similarNames('Cost concern', ['cost concerns', 'access', 'costume'])).toEqual(['cost concerns']);
    expect(similarNames('telehealth latency', ['cost concerns', 'access'])).toEqual([]);
    expect(similarNames('ab', ['ab'])).toEqual([]);
  });

  it('gives a code the same id for the same project, parent and name, whatever the case', () => {
    expect(codeId('p', null, 'Cost')).toBe(codeId('p', null, 'cost'));
    expect(codeId('p', null, 'cost')).not.toBe(codeId('p', 'x', 'cost'));
    expect(codeId('p', null, 'cost')).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });
});
