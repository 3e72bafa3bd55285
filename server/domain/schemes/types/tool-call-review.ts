/**
 * tool_call_review: every tool call in the trace's steps (`tool_calls`, `tool_call`, or a step naming a `tool`)
 * as a card of its name and arguments, judged with one verdict: the right tool with the right arguments, or not.
 */
import { stepVerdictType } from '../step-verdicts.js';

export const toolCallReview = stepVerdictType({
  type: 'tool_call_review',
  verdicts: ['correct', 'wrong_tool', 'wrong_args'],
  calls: true,
  what: 'the tool call',
});
