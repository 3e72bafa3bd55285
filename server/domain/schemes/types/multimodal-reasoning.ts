/**
 * multimodal_reasoning: an interleaved text, image, tool and action reasoning trace (each step's kind in
 * `type_key`), each step judged with one verdict: coherent, or where the reasoning or the visual goes wrong.
 */
import { z } from 'zod';
import { stepVerdictType } from '../step-verdicts.js';

export const multimodalReasoning = stepVerdictType({
  type: 'multimodal_reasoning',
  verdicts: ['coherent', 'incoherent', 'visual_hallucination', 'uncertain'],
  keys: { type_key: { schema: z.string().min(1), default: 'type' } },
  what: 'the reasoning step',
});
