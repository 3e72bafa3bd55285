/**
 * gui_trajectory: a computer-use agent's steps, each the screenshot it saw (`screenshot_key`) and the action it
 * took (`action_key`, with the click's `x`/`y`), judged with one verdict per step.
 */
import { z } from 'zod';
import { stepVerdictType } from '../step-verdicts.js';

export const guiTrajectory = stepVerdictType({
  type: 'gui_trajectory',
  verdicts: ['correct', 'wrong_element', 'wrong_action', 'hallucinated'],
  keys: {
    screenshot_key: { schema: z.string().min(1), default: 'screenshot' },
    action_key: { schema: z.string().min(1), default: 'action' },
    coord_space: { schema: z.enum(['normalized', 'pixels']), default: 'normalized' },
  },
  what: "the step's action",
});
