/** The documented shape of an annotation scheme as GET /api/schemas gives it, and of a display_logic rule. */
import { z } from 'zod';
import { OPERATORS } from '../../../shared/display-logic.js';

const scalar = z.lazy(() => z.union([z.string(), z.number(), z.boolean()]));

export const displayLogic = z.lazy(() =>
  z
    .object({
      show_when: z.array(
        z.object({
          schema: z.string().describe('the scheme (or question id) whose answer is read'),
          operator: z.enum(OPERATORS),
          value: z
            .union([scalar, z.array(scalar)])
            .optional()
            .describe('one value or several (equals/contains: any of them); [min, max] for the range operators'),
          case_sensitive: z.boolean().optional(),
        }),
      ),
      logic: z.enum(['all', 'any']),
    })
    .describe("Potato's display_logic: shown only while the answers satisfy it; hidden, it is not asked or kept"),
);

export const schemeShape = z
  .looseObject({
    name: z.string(),
    annotation_type: z.string().describe('a registered scheme type'),
    description: z.string(),
    labels: z.array(
      z.object({
        name: z.string(),
        tooltip: z.string().optional(),
        key_value: z.string().optional(),
        color: z.string().optional(),
      }),
    ),
    min: z.number().optional(),
    max: z.number().optional(),
    step: z.number().optional(),
    starting_value: z.number().optional(),
    min_label: z.string().optional(),
    max_label: z.string().optional(),
    size: z.number().optional(),
    sequential_key_binding: z.boolean().optional(),
    displayed_name: z.string().optional().describe('the title shown instead of the name'),
    horizontal: z
      .boolean()
      .optional()
      .describe('true: labels in one row; false: one under another; unset: as they fit'),
    required: z
      .union([z.literal(true), z.array(z.string())])
      .optional()
      .describe('true: an answer is needed before moving on; a list: these labels must be chosen'),
    display_logic: displayLogic.optional(),
    target_field: z
      .string()
      .optional()
      .describe("a span scheme's one field (Potato's target_field): the text field's key or a span_target field"),
    turn_level: z
      .object({
        field: z.string().optional(),
        speakers: z.array(z.string()).optional(),
        agents: z.array(z.string()).optional(),
        step_types: z.array(z.string()).optional(),
        tools: z.array(z.string()).optional(),
        runs: z.array(z.string()).optional().describe("the agent runs (turns' run_id) whose turns get the question"),
        turn_range: z.tuple([z.number(), z.number()]).optional(),
        placement: z.enum(['inline', 'drawer']),
      })
      .optional()
      .describe(
        'Potato\'s turn_binding of a question asked under each matching dialogue turn (turn_level: true); answered as "<scheme>:_data"',
      ),
    speaker_assignment: z
      .object({
        field: z.string().describe('the audio_dialogue display field whose turns are assigned'),
        speakers: z.array(
          z.object({
            id: z.string(),
            name: z.string().optional(),
            color: z.string().optional(),
            side: z.enum(['left', 'right']).optional(),
          }),
        ),
        turnsKey: z.string(),
        speakerKey: z.string(),
      })
      .optional()
      .describe(
        'set on the <field>_speakers scheme Potato makes for an audio_dialogue field: the speaker of each turn, answered as "<scheme>:_data" (docs/turn-level.md)',
      ),
  })
  .describe(
    "an annotation scheme; the config's further keys of the scheme (a link scheme's span_schema, ...) beside these",
  );
