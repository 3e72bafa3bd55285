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
const boxOptions = z
  .object({
    min_size: z.number().describe('bbox_min_size: a box narrower or lower than this many pixels is not kept'),
    show_labels: z.boolean().describe('show_bbox_labels: each box shows its label'),
    field_labels: z
      .array(z.string())
      .optional()
      .describe(
        'without a span scheme: boxes are spans whose schema is the field\'s key, named with one of these labels (the radio schemes\' labels) or "" for none; empty: boxes are unlabelled',
      ),
  })
  .describe(
    "annotation_mode: bounding_box: the annotator draws labelled boxes over the field, saved as spans (start = end = 0, without target_field) whose format_coords are {format: bounding_box, page, bbox: [x, y, w, h] as shares of the field's width and height, label}",
  );
const media = z.lazy(() => z.object({ type: z.enum(['image', 'audio', 'video']), ...common, ...source }));

const part = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('diff'), file: z.string().optional(), removed: z.string(), added: z.string() }),
  z.object({ kind: z.literal('terminal'), command: z.string(), output: z.string().optional() }),
  z.object({ kind: z.literal('code'), file: z.string().optional(), text: z.string() }),
  z.object({ kind: z.literal('note'), label: z.string(), text: z.string() }),
]);

const agentTrace = z.object({
  options: z.object({
    kind: z
      .enum(['agent', 'coding', 'eval', 'cot', 'web_agent'])
      .describe('agent_trace, coding_trace, eval_trace, cot_trace or web_agent_trace'),
    show_step_numbers: z.boolean(),
    show_summary: z.boolean(),
    collapse_observations: z.boolean(),
    show_timestamps: z.boolean(),
    show_screenshots: z.boolean(),
    compact: z.boolean(),
    show_run_tree: z.boolean(),
    step_type_colors: z.record(z.string(), z.string()).describe("a step type's card colour, a plain CSS colour"),
    collapse_long_outputs: z.boolean().optional(),
    max_output_lines: z.number().optional(),
    show_reasoning: z.boolean().optional(),
    show_file_tree: z.boolean().optional(),
    pane_labels: z.tuple([z.string(), z.string(), z.string()]).optional(),
    link_steps: z.boolean().optional().describe("an eval trace's cards light their cycle's cards in the other panes"),
    show_types: z.boolean().optional(),
    show_rail: z.boolean().optional(),
    collapse_long_steps: z.boolean().optional(),
    clamp_lines: z.number().optional(),
    show_thought: z.boolean().optional(),
    show_observation: z.boolean().optional(),
    show_element_info: z.boolean().optional(),
    screenshot_max_width: z.number().optional(),
    screenshot_max_height: z.number().optional(),
    show_overlays: z.boolean().optional().describe("a web agent trace's overlays drawn at first"),
    show_filmstrip: z.boolean().optional(),
    filmstrip_size: z.number().optional().describe("the filmstrip's thumbnail size in pixels"),
  }),
  steps: z
    .array(
      z.object({
        type: z.string().describe("the turn's step_type, else read from its speaker (thought, action, observation, …)"),
        timestamp: z.string().optional(),
        screenshot: z.object(source).optional(),
        parts: z.array(part).optional().describe("a coding agent's diff, command and output, a web agent's notes"),
        pointer: z
          .object({ x: z.number(), y: z.number() })
          .optional()
          .describe('where a web agent acted, in percent of the screenshot'),
        box: z
          .object({ x: z.number(), y: z.number(), width: z.number(), height: z.number() })
          .optional()
          .describe("a web agent's target element, in percent of the screenshot, clipped to it"),
        path: z
          .array(z.object({ x: z.number(), y: z.number() }))
          .optional()
          .describe("a web agent's mouse path, in percent of the screenshot"),
      }),
    )
    .describe('one per turn'),
  files: z.array(z.string()).optional().describe("a coding trace's files touched, in order"),
  answer: z.number().optional().describe("an eval trace's final answer step"),
  panes: z
    .array(
      z.object({
        pane: z.enum(['reasoning', 'calls', 'answer']),
        result_of: z.number().optional().describe('the call whose card holds this step as its result'),
        link: z.number().optional().describe("the step's cycle (thoughts and what follows them), with link_steps"),
      }),
    )
    .optional()
    .describe("an eval trace's panes, one per step"),
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
      .object({
        type: z.literal('surface'),
        ...common,
        text: z
          .string()
          .optional()
          .describe("a span target field other than the text: its text, which that field's span offsets index"),
        code: z
          .object({ language: z.string().optional() })
          .optional()
          .describe('a code field: its surface is drawn as code (monospace, whitespace kept)'),
      })
      .describe(
        "where a span surface is shown: the text field's (the instance's `text`) or, with `text`, another span_target field's",
      ),
    z.object({ type: z.literal('text'), ...common, text: z.string() }),
    z
      .object({ type: z.literal('absent'), ...common })
      .describe('a field the display names that this item leaves out or leaves empty'),
    z.object({
      type: z.literal('html'),
      ...common,
      html: z.string().describe('sanitized HTML; a <span data-span-surface> in it marks where the text field goes'),
      boxes: boxOptions.optional(),
      meta: z
        .string()
        .optional()
        .describe("a line of plain text about the document (an extracted PDF's metadata: `Pages: 3`)"),
      footer: z
        .string()
        .optional()
        .describe(
          "a line of plain text below the document (an extracted document's metadata: `Format: DOCX | Paragraphs: 12`)",
        ),
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
      span_target: z
        .literal(true)
        .optional()
        .describe('a span_target field: spans mark its turns, at offsets into their texts joined by newlines'),
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
    z
      .object({
        type: z.literal('pdf'),
        ...common,
        ...source,
        pdf: z.object({
          view_mode: z.enum(['scroll', 'paginated']).describe('every page in a column, or one page at a time'),
          show_page_controls: z.boolean(),
          initial_page: z.number().int().describe('the page shown first, from 1'),
          max_height: z.number().int().optional().describe("the viewer's height at most, in pixels"),
        }),
        boxes: boxOptions.optional(),
      })
      .describe(
        'a PDF from the task folder (`src` is /api/media/<path>), its pages drawn on the page; with `boxes` the annotator draws boxes over its pages, their format_coords naming the page',
      ),
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
