import { describe, expect, it } from 'vitest';
import { jsonlRoundTrip, loadScheme, refusal, refusedAnswer, serve, submitAndRead } from './harness.js';

const GUI = { annotation_type: 'gui_trajectory', name: 'gui' };
const MIXED = { annotation_type: 'multimodal_reasoning', name: 'mixed', verdict_options: ['fine', 'hallucinated'] };
const TOOLS = { annotation_type: 'tool_call_review', name: 'tools' };
const steps = [
  { agent: 'Agent', content: 'Check the weather', tool_calls: [{ name: 'get_weather', args: { city: 'NYC' } }] },
  { agent: 'Tool', content: '22C, sunny' },
  {
    agent: 'Agent',
    content: 'Book and tell',
    tool_calls: [
      { name: 'book_table', args: { time: '7pm' } },
      { name: 'send_message', args: { to: 'user' } },
    ],
  },
];
const ITEMS = [{ id: 'g1', text: 'Weather, then a table', steps }];

describe('gui_trajectory, multimodal_reasoning and tool_call_review', () => {
  it("load Potato's verdicts and keys, and refuse a verdict named twice", () => {
    expect(loadScheme(GUI).extra).toMatchObject({
      verdict_options: ['correct', 'wrong_element', 'wrong_action', 'hallucinated'],
      screenshot_key: 'screenshot',
      action_key: 'action',
      coord_space: 'normalized',
    });
    expect(loadScheme({ annotation_type: 'multimodal_reasoning', name: 'm' }).extra).toMatchObject({
      verdict_options: ['coherent', 'incoherent', 'visual_hallucination', 'uncertain'],
      type_key: 'type',
    });
    expect(loadScheme(TOOLS).extra.verdict_options).toEqual(['correct', 'wrong_tool', 'wrong_args']);
    expect(refusal({ ...MIXED, verdict_options: ['a', 'a'] })).toMatch(
      /\(mixed\)\.verdict_options: a verdict is named twice/,
    );
    expect(refusal({ ...GUI, coord_space: 'inches' })).toMatch(/annotation_schemes\[0\]\.coord_space/);
  });

  it('store one verdict per step or tool call, refuse bad ones, and round-trip their exports', async () => {
    const schemes = [GUI, MIXED, TOOLS];
    const t = await serve(schemes, ITEMS);
    const read = await submitAndRead(t, 'ann', 'g1', {
      'gui:gui': JSON.stringify([
        { index: 2, verdict: 'wrong_element', notes: 'clicked Display' },
        { index: 0, verdict: 'correct', notes: '' },
        { index: 1, verdict: '', notes: '' },
      ]),
      'mixed:mixed': JSON.stringify([{ index: 1, verdict: '', notes: 'unsure about the chart' }]),
      // the third call is in step 3: calls are numbered over the trace, not per step
      'tools:tools': JSON.stringify([{ index: 2, verdict: 'wrong_args', notes: 'no recipient text' }]),
    });
    expect(JSON.parse(read.annotations['gui:gui'])).toEqual([
      { index: 0, verdict: 'correct', notes: '' },
      { index: 2, verdict: 'wrong_element', notes: 'clicked Display' },
    ]);
    expect(JSON.parse(read.annotations['mixed:mixed'])).toEqual([
      { index: 1, verdict: '', notes: 'unsure about the chart' },
    ]);

    expect(await refusedAnswer(t, 'g1', { 'gui:gui': JSON.stringify([{ index: 0, verdict: 'fine' }]) })).toBe(
      'annotations["gui:gui"]: verdicts[0].verdict: "fine" is not one of correct, wrong_element, wrong_action, hallucinated',
    );
    expect(await refusedAnswer(t, 'g1', { 'gui:gui': JSON.stringify([{ index: 3, verdict: 'correct' }]) })).toMatch(
      /step 3 is past the trace \(the item has 3 steps/,
    );
    expect(await refusedAnswer(t, 'g1', { 'tools:tools': JSON.stringify([{ index: 3, verdict: 'correct' }]) })).toMatch(
      /tool call 3 is past the trace's tool calls \(it has 3, numbered from 0\)/,
    );
    expect(
      await refusedAnswer(t, 'g1', {
        'tools:tools': JSON.stringify([
          { index: 1, verdict: 'correct' },
          { index: 1, verdict: 'wrong_tool' },
        ]),
      }),
    ).toMatch(/tool call 1 is answered twice/);

    const lines = await jsonlRoundTrip(t, schemes, ITEMS);
    expect(lines[0].labels.tools).toEqual([{ index: 2, verdict: 'wrong_args', notes: 'no recipient text' }]);
    await t.close();
  });
});
