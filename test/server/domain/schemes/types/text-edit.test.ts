import { describe, expect, it } from 'vitest';
import { levenshtein } from '../../../../../server/domain/schemes/types/text-edit.js';
import { csvOf, jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const SCHEME = { annotation_type: 'text_edit', name: 'post_edit', source_field: 'mt', allow_reset: false };
const ITEMS = [{ id: 'e1', text: 'Source: Die Katze sitzt.', mt: 'The cat sit.' }];

describe('text_edit', () => {
  it('loads with its display keys and stores under the scheme name', () => {
    const s = loadScheme(SCHEME);
    expect(s.labels).toEqual([{ name: 'post_edit' }]);
    expect(s.extra).toMatchObject({
      source_field: 'mt',
      show_diff: true,
      show_edit_distance: true,
      allow_reset: false,
    });
  });

  it('refuses bad configs naming the key and the reason', () => {
    expect(refusal({ ...SCHEME, show_diff: 'no' })).toMatch(/annotation_schemes\[0\]\.show_diff/);
    expect(refusal({ ...SCHEME, labels: ['x'] })).toMatch(/\(post_edit\)\.labels: a text_edit scheme has no labels/);
  });

  it('counts edit distances', () => {
    expect(levenshtein('The cat sit.', 'The cat sits.')).toBe(1);
    expect(levenshtein(['a', 'b'], ['b'])).toBe(1);
    expect(levenshtein('', 'abc')).toBe(3);
  });

  it('stores the edit with distances it works out itself, refuses bad ones, and round-trips its exports', async () => {
    const t = await serve([SCHEME], ITEMS);
    const sent = JSON.stringify({
      edited_text: 'The cat sits down.',
      original_text: 'The cat sit.',
      edit_distance_chars: 99,
    });
    const stored = (await submitAndRead(t, 'ann', 'e1', { 'post_edit:post_edit': sent })).annotations[
      'post_edit:post_edit'
    ];
    expect(JSON.parse(stored)).toEqual({
      edited_text: 'The cat sits down.',
      original_text: 'The cat sit.',
      edit_distance_chars: 6,
      edit_distance_words: 2,
    });
    expect(await refusedAnswer(t, 'e1', { 'post_edit:post_edit': 'plain text' })).toBe(
      'annotations["post_edit:post_edit"]: expected an edit {"edited_text": ..., "original_text": ...} as JSON, got "plain text"',
    );
    expect(await refusedAnswer(t, 'e1', { 'post_edit:post_edit': '{"original_text":"x"}' })).toMatch(
      /a text edit is an object with "edited_text"/,
    );
    // the CSV cell is the answer as JSON, as exports give it
    expect(await csvOf(t)).toContain(
      'e1,ann,Source: Die Katze sitzt.,"{""edited_text"":""The cat sits down."",""original_text"":""The cat sit."",""edit_distance_chars"":6,""edit_distance_words"":2}",',
    );
    const lines = await jsonlRoundTrip(t, [SCHEME], ITEMS);
    expect(lines[0].labels.post_edit).toMatchObject({ edited_text: 'The cat sits down.', edit_distance_words: 2 });
    expect((await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema.post_edit).toMatchObject({
      level: 'edit_distance',
      items_evaluated: 0,
    });
  });
});
