/**
 * Potato's `review_workflow`: `enabled`, the pool of `reviewers`, and `routing` rules (`when` conditions over the
 * item's data, the `state` to start in, `assign_to` or `round_robin`, `priority`), first match wins. A condition
 * with no operator, an unknown state or a rule both pinning and dealing out reviewers stops start-up naming the key.
 */
import { z } from 'zod';
import { looseBoolean } from '../loose-values.js';
import { CONDITION_OPERATORS, type Condition } from '../../domain/review/conditions.js';
import { REVIEW_STATES, type ReviewSettings } from '../../domain/review/routing.js';

const operand = z.unknown().optional();
export const condition = z.lazy(() =>
  z
    .looseObject({
      field: z.union([z.string().min(1), z.number()]).transform(String),
      ...Object.fromEntries(CONDITION_OPERATORS.map((op) => [op, operand])),
    })
    .transform((c, ctx): Condition => {
      const ops = CONDITION_OPERATORS.filter((op) => (c as Record<string, unknown>)[op] !== undefined);
      if (ops.length !== 1) {
        ctx.addIssue({
          code: 'custom',
          message: `give exactly one of ${CONDITION_OPERATORS.join(', ')} beside field (found ${ops.length})`,
        });
        return z.NEVER;
      }
      const value = (c as Record<string, unknown>)[ops[0]];
      if (ops[0] === 'in' && !Array.isArray(value)) {
        ctx.addIssue({ code: 'custom', message: 'in: expected a list of values', path: ['in'] });
        return z.NEVER;
      }
      return { field: c.field, operator: ops[0], value };
    }),
);

const rule = z.lazy(() =>
  z
    .looseObject({
      name: z.string().optional(),
      when: z
        .union([condition.transform((c) => [c]), z.array(condition)])
        .nullish()
        .transform((w) => w ?? []),
      state: z.enum(REVIEW_STATES).default('in_review'),
      assign_to: z
        .union([z.string().min(1), z.number()])
        .transform(String)
        .optional(),
      round_robin: looseBoolean.default(false),
      priority: z
        .union([
          z.number().int(),
          z
            .string()
            .regex(/^-?\d+$/)
            .transform(Number),
        ])
        .default(0),
    })
    .refine((r) => !(r.assign_to && r.round_robin), { message: 'give assign_to or round_robin: true, not both' }),
);

export const reviewWorkflowSchema = z.lazy(() =>
  z.object({
    enabled: looseBoolean.default(false),
    reviewers: z.array(z.union([z.string().min(1), z.number()]).transform(String)).default([]),
    auto_enroll: looseBoolean.optional(),
    routing: z.array(rule).default([]),
  }),
);

export function readReviewSettings(
  raw: z.infer<typeof reviewWorkflowSchema> | undefined,
  warn: (m: string) => void,
): ReviewSettings {
  if (!raw?.enabled) {
    if (raw && (raw.routing.length || raw.reviewers.length))
      warn(
        'review_workflow: reviewers and routing are not acted on while enabled is not true (the review board is off)',
      );
    return { enabled: false, reviewers: [], routing: [] };
  }
  if (raw.auto_enroll === false)
    warn(
      'review_workflow.auto_enroll: false is not acted on: every item of the task is on the review board, pending unless a routing rule places it',
    );
  raw.routing.forEach((r, i) => {
    if (r.round_robin && !raw.reviewers.length)
      warn(
        `review_workflow.routing[${i}].round_robin is not acted on: review_workflow.reviewers is empty, so its items start unassigned`,
      );
  });
  return {
    enabled: true,
    reviewers: raw.reviewers,
    routing: raw.routing.map((r) => ({
      when: r.when,
      state: r.state,
      priority: r.priority,
      assignTo: r.assign_to ?? null,
      roundRobin: r.round_robin,
    })),
  };
}
