/** The documented shape of an instance's display (server/domain/display/types.ts), for the OpenAPI description. */
import { z } from 'zod';

const common = { key: z.string().optional(), label: z.string().optional() };
const source = {
  src: z.string().optional().describe('an http(s) URL, or /api/media/<path> for a file in the task folder'),
  remote: z.boolean().optional(),
  refused: z
    .string()
    .optional()
    .describe('why the media is not shown (a path leaving the task folder, an unsafe scheme)'),
};
const media = z.lazy(() => z.object({ type: z.enum(['image', 'audio', 'video']), ...common, ...source }));

const agentTrace = z.object({
  options: z.object({
    show_step_numbers: z.boolean(),
    show_summary: z.boolean(),
    collapse_observations: z.boolean(),
    show_timestamps: z.boolean(),
    show_screenshots: z.boolean(),
    compact: z.boolean(),
    show_run_tree: z.boolean(),
    step_type_colors: z.record(z.string(), z.string()).describe("a step type's card colour, a plain CSS colour"),
  }),
  steps: z
    .array(
      z.object({
        type: z.string().describe("the turn's step_type, else read from its speaker (thought, action, observation, …)"),
        timestamp: z.string().optional(),
        screenshot: z.object(source).optional(),
      }),
    )
    .describe('one per turn'),
  run_tree: z
    .array(
      z.object({
        id: z.string(),
        parent: z.string().optional().describe("the parent run's id; none for a root"),
        name: z.string(),
        run_type: z.enum(['chain', 'llm', 'tool', 'retriever']).optional(),
        status: z.enum(['success', 'error']).optional(),
        turn_range: z
          .tuple([z.number().int(), z.number().int()])
          .optional()
          .describe('the inclusive range of turn positions the run covers'),
      }),
    )
    .optional()
    .describe(
      "the item's runs, each after its parent (depth first); absent without run_tree or with show_run_tree off",
    ),
});

const displayBlock = z.lazy(() =>
  z.union([
    z
      .object({ type: z.literal('surface'), ...common })
      .describe("where the text field (the instance's `text`, the span surface) is shown"),
    z.object({ type: z.literal('text'), ...common, text: z.string() }),
    z
      .object({ type: z.literal('absent'), ...common })
      .describe('a field the display names that this item leaves out or leaves empty'),
    z.object({
      type: z.literal('html'),
      ...common,
      html: z.string().describe('sanitized HTML; a <span data-span-surface> in it marks where the text field goes'),
    }),
    z.object({
      type: z.literal('list'),
      ...common,
      items: z.array(z.string()),
      prefix: z.enum(['alphabet', 'number', 'none']),
      horizontal: z.boolean(),
    }),
    z.object({
      type: z.literal('dialogue'),
      ...common,
      turns: z.array(
        z.object({
          speaker: z.string().optional(),
          text: z.string(),
          id: z
            .string()
            .optional()
            .describe("the turn's own turn_id or step_id; turn-level questions call others t<position>"),
          agent: z.string().optional(),
          step_type: z.string().optional(),
          tool: z.string().optional(),
          run: z.string().optional().describe('the agent run that produced the turn (its run_id)'),
          start: z.number().optional().describe("where the turn starts in the dialogue's audio, in seconds"),
          end: z.number().optional().describe('where it ends, in seconds'),
        }),
      ),
      audio: z
        .object({
          source: z.object(source),
          timestamps: z.boolean().describe("each turn's start and end shown (show_timestamps)"),
          scroll_height: z.string().describe("the transcript pane's height, a CSS length"),
          playback_rates: z.array(z.number()).describe("the speed selector's choices"),
        })
        .optional()
        .describe("Potato's audio_dialogue: the recording the turns are timed against, and its player's settings"),
      trace: agentTrace.optional().describe("Potato's agent_trace: drawn as step cards, with the item's run tree"),
    }),
    z
      .object({ type: z.literal('agent_chat'), ...common })
      .describe(
        "Potato's interactive_chat: where the annotator talks with the project's agent (/agent_chat/…) until finishing; the conversation is the caller's own",
      ),
    z.object({
      type: z.literal('pairwise'),
      ...common,
      items: z.array(z.object({ label: z.string(), text: z.string() })),
    }),
    z.object({ type: z.literal('code'), ...common, text: z.string(), language: z.string().optional() }),
    media,
  ]),
);

export const display = z.lazy(() =>
  z
    .object({
      source: z.enum(['html_layout', 'instance_display', 'fields']),
      direction: z.enum(['vertical', 'horizontal']),
      blocks: z.array(displayBlock),
    })
    .describe(
      "What the annotator sees of the item, from the config's html_layout, its instance_display, or every field of the item; span offsets are offsets into `text`",
    ),
);
