import { describe, expect, it } from 'vitest';
import { csvOf, jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';
import { codingTurns as turns } from '../../../../helpers/coding-session.js';

const REVIEW = {
  annotation_type: 'code_review',
  name: 'review',
  comment_categories: ['bug', 'style', 'security'],
  verdict_options: ['approve', 'request_changes'],
  file_rating_dimensions: ['correctness', 'readability'],
};
const ITEMS = [
  { id: 's1', text: 'Fix the off-by-one in pager.ts', structured_turns: turns },
  { id: 's2', text: 'A task whose session has not run', structured_turns: [] },
];

describe('code_review', () => {
  it("loads Potato's defaults and refuses bad keys naming them", () => {
    expect(loadScheme({ annotation_type: 'code_review', name: 'r' }).extra).toMatchObject({
      steps_key: 'structured_turns',
      comment_categories: ['bug', 'style', 'suggestion', 'security', 'question'],
      verdict_options: ['approve', 'request_changes', 'comment_only'],
      file_rating_dimensions: ['correctness', 'quality'],
    });
    expect(loadScheme({ ...REVIEW, steps_key: 'session' }).extra).toMatchObject({ steps_key: 'session' });
    expect(refusal({ ...REVIEW, verdict_options: ['approve', 'approve'] })).toMatch(
      /\(review\)\.verdict_options: a verdict is named twice/,
    );
    expect(refusal({ ...REVIEW, comment_categories: [] })).toMatch(/annotation_schemes\[0\]\.comment_categories/);
    expect(refusal({ ...REVIEW, file_rating_dimensions: 'correctness' })).toMatch(
      /annotation_schemes\[0\]\.file_rating_dimensions/,
    );
  });

  it('stores a review checked against the session, refuses bad ones naming the part, and exports it', async () => {
    const t = await serve([REVIEW], ITEMS);
    const read = await submitAndRead(t, 'ann', 's1', {
      'review:review': JSON.stringify({
        verdict: 'request_changes',
        comments: [
          { file: 'src/pager.ts', line: 1, category: 'bug', body: 'last page is n - 1 only when n > 0' },
          { category: 'style', text: 'name the test after the bug' },
        ],
        file_ratings: {
          'test/pager.test.ts': { readability: 4 },
          'src/pager.ts': { readability: 3, correctness: 2 },
        },
      }),
    });
    expect(JSON.parse(read.annotations['review:review'])).toEqual({
      verdict: 'request_changes',
      comments: [
        { category: 'bug', file: 'src/pager.ts', line: 1, text: 'last page is n - 1 only when n > 0' },
        { category: 'style', file: '', line: null, text: 'name the test after the bug' },
      ],
      file_ratings: {
        'src/pager.ts': { correctness: 2, readability: 3 },
        'test/pager.test.ts': { readability: 4 },
      },
    });

    const refused = (v: unknown, id = 's1') => refusedAnswer(t, id, { 'review:review': JSON.stringify(v) });
    expect(await refused({ verdict: 'lgtm' })).toMatch(/verdict: "lgtm" is not one of approve, request_changes/);
    expect(await refused({ comments: [{ category: 'nit', text: 'x' }] })).toMatch(
      /comments\[0\]\.category: "nit" is not one of bug, style, security/,
    );
    expect(await refused({ comments: [{ text: 'x', line: 0 }] })).toMatch(
      /comments\[0\]\.line must be a whole number from 1, or null/,
    );
    expect(await refused({ comments: [{ text: 'x', severity: 'high' }] })).toMatch(
      /comments\[0\]: "severity" is not part of a comment/,
    );
    expect(await refused({ comments: 'fix it' })).toMatch(/comments must be a list/);
    expect(await refused({ file_ratings: { 'src/pager.ts': { speed: 3 } } })).toMatch(
      /file_ratings\.src\/pager\.ts: "speed" is not one of the dimensions \(correctness, readability\)/,
    );
    expect(await refused({ file_ratings: { 'src/pager.ts': { correctness: 6 } } })).toMatch(
      /file_ratings\.src\/pager\.ts\.correctness must be a whole number from 1 to 5/,
    );
    expect(await refused({ file_ratings: { 'src/other.ts': { correctness: 3 } } })).toMatch(
      /"src\/other\.ts" is not a file the session touches \(its files are src\/pager\.ts, test\/pager\.test\.ts\)/,
    );
    expect(await refused({ score: 3 })).toMatch(/"score" is not part of a code review answer/);
    expect(await refused('approve')).toMatch(/a code review answer is \{"verdict"/);

    // a session with no steps yet can still get a verdict and comments, but has no files to rate
    const bare = await submitAndRead(t, 'ann', 's2', {
      'review:review': JSON.stringify({ verdict: 'approve', comments: [] }),
    });
    expect(JSON.parse(bare.annotations['review:review'])).toEqual({
      verdict: 'approve',
      comments: [],
      file_ratings: {},
    });
    expect(await refused({ file_ratings: { 'src/pager.ts': { correctness: 3 } } }, 's2')).toMatch(
      /is not a file the session touches \(its files are none\)/,
    );

    await submitAndRead(t, 'bob', 's1', {
      'review:review': JSON.stringify({
        verdict: 'request_changes',
        file_ratings: { 'src/pager.ts': { correctness: 2, readability: 5 } },
      }),
    });
    const lines = await jsonlRoundTrip(t, [REVIEW], ITEMS);
    expect(lines.find((l) => l.annotator === 'bob' && l.instance_id === 's1').labels.review).toEqual({
      verdict: 'request_changes',
      comments: [],
      file_ratings: { 'src/pager.ts': { correctness: 2, readability: 5 } },
    });
    expect(await csvOf(t)).toContain('""text"":""name the test after the bug""');
    const agreement = (await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema;
    expect(agreement.review).toMatchObject({ level: 'per_node', items_evaluated: 1 });
    await t.close();
  });
});
