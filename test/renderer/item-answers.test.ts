/**
 * The admin item view's reading of stored answers: structured ones (a tree's nodes and path, JSON objects) in words.
 */
import { describe, expect, test } from 'vitest';
import { answersByScheme } from '../../renderer/src/features/admin/item-answers.js';

describe('the admin item view reads answers', () => {
  test("a tree_annotation's per-node answers and selected path read as words, not JSON", () => {
    const shown = answersByScheme({
      'quality:node_annotations': JSON.stringify({ r1: '3', r2: ['rude', 'off-topic'] }),
      'quality:selected_path': JSON.stringify(['root', 'r1']),
      'sentiment:positive': 'true',
      'note:text': 'fine',
      'evidence:positive[0:4]': 'good',
    });
    expect(shown).toEqual({
      quality: ['nodes r1: 3; r2: rude, off-topic', 'path root → r1'],
      sentiment: ['positive'],
      note: ['text: fine'],
      evidence: ['positive “good”'],
    });
  });

  test('other JSON answers read as key: value pairs; text that only looks like JSON stays as typed', () => {
    /** how one stored value under `s:v` reads, after its key's `v: ` */
    const readable = (value: string) => answersByScheme({ 's:v': value }).s[0].slice('v: '.length);
    expect(readable(JSON.stringify({ edited_text: 'the cat sits', edit_distance_chars: 1 }))).toBe(
      'edited_text: the cat sits; edit_distance_chars: 1',
    );
    expect(readable(JSON.stringify({ Science: ['Mars'], Sport: [] }))).toBe('Science: Mars; Sport: ');
    expect(readable(JSON.stringify([{ link_type: 'MET', span_ids: ['a', 'b'] }]))).toBe(
      '(link_type: MET; span_ids: a, b)',
    );
    expect(readable('{not json')).toBe('{not json');
    expect(readable('[x] marks')).toBe('[x] marks');
    expect(readable(JSON.stringify({ t: 'x'.repeat(1000) })).length).toBe(401);
  });
});
