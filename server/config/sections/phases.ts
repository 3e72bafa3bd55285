/**
 * The `phases` section: `order` lists phase names; each name may have its own block. A phase's type is its
 * `type`, else its name (consent, instructions, training, prestudy, annotation, poststudy).
 */
import { z } from 'zod';

export const PHASE_TYPES = ['consent', 'instructions', 'training', 'prestudy', 'annotation', 'poststudy'] as const;

const answer = z.lazy(() => z.union([z.string(), z.number(), z.boolean()]).transform(String));

const questionSchema = z.lazy(() =>
  z.looseObject({
    id: z.union([z.string(), z.number()]).transform(String),
    text: z.string().min(1),
    type: z.enum(['radio', 'multiselect', 'text', 'number']).default('radio'),
    options: z.array(answer).optional(),
    correct: z.union([answer, z.array(answer)]).optional(),
    required: z.boolean().default(true),
    explanation: z.string().optional(),
  }),
);

export const phaseBlockSchema = z.lazy(() =>
  z.looseObject({
    type: z.enum(PHASE_TYPES).optional(),
    title: z.string().optional(),
    content: z.string().optional(),
    /** a text or markdown file with the content, relative to the config */
    file: z.string().optional(),
    questions: z.array(questionSchema).default([]),
    /** training: the share of questions to get right, 0..1 */
    passing_score: z.number().min(0).max(1).default(1),
    /** training: attempts allowed; unset means unlimited */
    max_attempts: z.number().int().min(1).optional(),
  }),
);

export const phasesSchema = z.lazy(() =>
  z
    .looseObject({
      order: z.array(z.string().min(1)).min(1),
    })
    .catchall(z.unknown()),
);
