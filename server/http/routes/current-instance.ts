/** The answer of /api/current_instance and /go_to (and of each instance of a step): the item, the caller's progress. */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import type { CurrentInstance } from '../../domain/annotation/annotation-service.js';
import type { Display } from '../../domain/display/types.js';
import { display } from './display-schema.js';
import { ibwsRound } from './ibws.js';

export const currentInstance = z.object({
  instance_id: z.string(),
  current_index: z.number().int(),
  total_instances: z.number().int(),
  annotated_count: z.number().int(),
  text: z.string(),
  data: z.record(z.string(), z.unknown()),
  annotated: z.boolean(),
  progress: z
    .object({
      done: z.number().int().describe('task instances the caller has annotated'),
      expected: z
        .number()
        .int()
        .describe(
          'task instances the caller is expected to annotate: their quota (max_annotations_per_user), or without one every instance they hold or can still be handed',
        ),
      left: z.number().int().describe('expected − done'),
      quota: z.number().int().nullable().describe('max_annotations_per_user, when set'),
      positions: z
        .number()
        .int()
        .describe(
          'positions the caller\'s list will have (quality checks included) once every expected instance is in it: the n of "instance i of n"',
        ),
    })
    .describe(
      'what the caller has done and has left; lists handed out in batches do not show in it, and attention and gold checks are not counted',
    ),
  display,
  skip: z
    .object({
      allowed: z.boolean().describe('allow_skip (always true when present)'),
      reason_required: z.boolean().describe('skip_reason_required'),
      skipped: z.boolean().describe('the caller skipped this instance'),
      reason: z.string().nullable(),
      skipped_count: z.number().int().describe('instances the caller skipped and has not answered since'),
    })
    .optional()
    .describe('with allow_skip: skipping, kept apart from answers'),
  triage: z
    .object({ badge: z.string(), priority: z.number() })
    .optional()
    .describe("with triage's show_badge: why a rule put this item first (the rule's badge) and its priority"),
  ibws: ibwsRound,
  required: z
    .array(z.string())
    .optional()
    .describe('with required schemes: those this instance still needs answered before moving on (empty once skipped)'),
});

/** Builds the current-instance answer of /api/current_instance and /go_to (also each instance of a step). */
export function currentAnswer(s: Services) {
  // only projects that skip or require answers carry these: the others' current instance stays as it was
  const skipping = s.skips.settings.allowSkip;
  const requiring = s.task.schemes.some((x) => x.required);
  const badges = s.triage.settings.enabled && s.triage.settings.showBadge;
  type Answer = CurrentInstance & {
    display: Display;
    skip?: z.infer<typeof currentInstance>['skip'];
    required?: string[];
    triage?: { badge: string; priority: number };
    ibws?: z.infer<typeof ibwsRound>;
  };
  // Built as one literal rather than `{ ...r, display }`: under load the spread copy left garbage in the old
  // generation on every request (the server's memory grew by tens of MB between full collections), this does not.
  return (username: string, r: CurrentInstance): Answer => {
    const out: Answer = {
      instance_id: r.instance_id,
      current_index: r.current_index,
      total_instances: r.total_instances,
      annotated_count: r.annotated_count,
      text: r.text,
      data: r.data,
      annotated: r.annotated,
      progress: r.progress,
      display: s.display.of({ id: r.instance_id, text: r.text, data: r.data }),
    };
    const badge = badges ? s.triage.badgeOf(r.instance_id) : undefined;
    if (badge) out.triage = badge;
    if (s.ibws) {
      const { current_round, max_rounds, terminal_items, total_items } = s.ibws.status();
      out.ibws = { current_round, max_rounds, terminal_items, total_items };
    }
    if (!skipping && !requiring) return out;
    const skipped = s.skips.get(username, r.instance_id);
    if (skipping)
      out.skip = {
        allowed: true,
        reason_required: s.skips.settings.reasonRequired,
        skipped: !!skipped,
        reason: skipped?.reason ?? null,
        skipped_count: s.skips.countOf(username),
      };
    if (requiring) out.required = skipped ? [] : s.skips.unanswered(username, r.instance_id);
    return out;
  };
}
