import { describe, expect, it } from 'vitest';
import { csvOf, jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const FIRST_ERROR = { annotation_type: 'process_reward', name: 'prm', steps_key: 'turns' };
const PER_STEP = {
  annotation_type: 'process_reward',
  name: 'graded',
  steps_key: 'turns',
  mode: 'per_step',
  allow_neutral: true,
};
const turns = [
  { role: 'assistant', content: 'Read the failing test' },
  { role: 'assistant', content: 'Patch the wrong file' },
  { role: 'assistant', content: 'Run the tests' },
  { role: 'assistant', content: 'Report success' },
];
const ITEMS = [
  { id: 't1', text: 'Fix the login bug', turns },
  { id: 't2', text: 'No trace here' },
];
const answer = (steps: { index: number; reward: number | null }[], mode?: string) =>
  JSON.stringify({ ...(mode ? { mode } : {}), steps });

describe('process_reward', () => {
  it('loads with its defaults and refuses bad keys naming them', () => {
    const s = loadScheme(FIRST_ERROR);
    expect(s.labels).toEqual([{ name: 'prm' }]);
    expect(s.extra).toMatchObject({ steps_key: 'turns', mode: 'first_error', allow_neutral: false });
    expect(loadScheme(PER_STEP).extra).toMatchObject({ mode: 'per_step', allow_neutral: true });
    expect(refusal({ ...FIRST_ERROR, mode: 'sometimes' })).toMatch(/\.mode: .*first_error.*per_step/);
    expect(refusal({ ...FIRST_ERROR, steps_key: '' })).toMatch(/\.steps_key/);
  });

  it('stores rewards per step, checks them against the trace and the mode, and round-trips its exports', async () => {
    const schemes = [FIRST_ERROR, PER_STEP];
    const t = await serve(schemes, ITEMS);
    const sent = {
      'prm:prm': answer([
        { index: 0, reward: 1 },
        { index: 1, reward: -1 },
        { index: 2, reward: -1 },
        { index: 3, reward: -1 },
      ]),
      // unmarked steps are dropped; a neutral one stays; the order is the steps'
      'graded:graded': answer(
        [
          { index: 2, reward: 0 },
          { index: 0, reward: 1 },
          { index: 1, reward: null },
        ],
        'per_step',
      ),
    };
    const read = await submitAndRead(t, 'ann', 't1', sent);
    expect(JSON.parse(read.annotations['prm:prm'])).toEqual({
      mode: 'first_error',
      steps: [
        { index: 0, reward: 1 },
        { index: 1, reward: -1 },
        { index: 2, reward: -1 },
        { index: 3, reward: -1 },
      ],
    });
    expect(JSON.parse(read.annotations['graded:graded'])).toEqual({
      mode: 'per_step',
      steps: [
        { index: 0, reward: 1 },
        { index: 2, reward: 0 },
      ],
    });

    expect(await refusedAnswer(t, 't1', { 'prm:prm': answer([{ index: 4, reward: 1 }]) })).toBe(
      'annotations["prm:prm"]: steps: step 4 is past the trace (the item has 4 steps, numbered from 0)',
    );
    expect(
      await refusedAnswer(t, 't1', {
        'prm:prm': answer([
          { index: 1, reward: -1 },
          { index: 2, reward: 1 },
        ]),
      }),
    ).toMatch(
      /in first_error mode every step from the first incorrect one \(step 1\) on is incorrect, but step 2 is not/,
    );
    expect(await refusedAnswer(t, 't1', { 'graded:graded': answer([{ index: 0, reward: 2 }]) })).toMatch(
      /steps\[0\]\.reward must be 1 \(correct\), -1 \(incorrect\), 0 \(neutral\) or null/,
    );
    expect(await refusedAnswer(t, 't1', { 'prm:prm': answer([{ index: 0, reward: 1 }], 'per_step') })).toMatch(
      /mode: this scheme is in first_error mode/,
    );
    expect(
      await refusedAnswer(t, 't1', {
        'graded:graded': answer([
          { index: 0, reward: 1 },
          { index: 0, reward: -1 },
        ]),
      }),
    ).toMatch(/step 0 is answered twice/);
    expect(await refusedAnswer(t, 't2', { 'prm:prm': answer([{ index: 0, reward: 1 }]) })).toMatch(
      /the item has no steps yet: nothing is under "turns" \(steps_key\)/,
    );
    expect(await refusedAnswer(t, 't1', { 'prm:prm': '[1, -1' })).toMatch(/not JSON text/);

    // two-way labelling: Potato's 0 is an unmarked step
    const twoWay = await submitAndRead(t, 'other', 't1', {
      'prm:prm': answer([
        { index: 0, reward: 0 },
        { index: 1, reward: 1 },
      ]),
    });
    expect(JSON.parse(twoWay.annotations['prm:prm']).steps).toEqual([{ index: 1, reward: 1 }]);

    const lines = await jsonlRoundTrip(t, schemes, ITEMS);
    expect(lines.find((l) => l.annotator === 'ann').labels.graded).toEqual({
      mode: 'per_step',
      steps: [
        { index: 0, reward: 1 },
        { index: 2, reward: 0 },
      ],
    });
    expect(await csvOf(t)).toContain('""index"":3,""reward"":-1');
    // ann and other answered prm on t1: they differ on steps 0, 2 and 3 of the four steps either marked
    const agreement = (await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema.prm;
    expect(agreement).toMatchObject({ level: 'per_node', items_evaluated: 1 });
    await t.close();
  });
});
