/** The annotator-facing API (docs/api.md "Annotator endpoints"). */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { forbidden, invalid } from '../../domain/errors.js';
import { display } from './display-schema.js';
import { currentAnswer, currentInstance } from './current-instance.js';
import { structureParts } from './structures.js';
import { storedAnswers, storedAnswersShape } from './instance-view.js';
import { paintedSpan } from './span-shape.js';
import { formatCoords, spanClientId, storedFormatCoords } from '../../domain/annotation/span-fields.js';
import { ANNOTATIONS_NOTE } from '../answer-shapes.js';
import { PHASE_PAGE_ID, savePhasePage } from './potato-phase-pages.js';
import {
  fromPotatoState,
  inStateTerms,
  isPotatoBody,
  parseSubmissionBody,
  potatoState,
  type PotatoState,
} from './potato-submission.js';
import type { Submission } from '../../domain/annotation/records.js';
import { boxDataOfState, inBoxTerms, inStateBoxTerms, withBoxData } from './box-data.js';

const instanceId = z.string().min(1).max(256);
const offset = z.number().int().min(0).max(100_000_000);

export const submission = z.object({
  instance_id: instanceId,
  annotations: z
    .record(z.string().max(512), z.union([z.string(), z.number(), z.boolean()]))
    .optional()
    .describe(ANNOTATIONS_NOTE),
  span_annotations: z
    .array(
      z.object({
        schema: z.string().max(256),
        name: z.string().max(256),
        start: offset,
        end: offset,
        value: z.string().max(100_000).optional(),
        id: spanClientId.optional(),
        target_field: z
          .string()
          .max(256)
          .optional()
          .describe(
            'the span target field (instance_display span_target) the offsets index; leave it out for the text field',
          ),
        format_coords: formatCoords.optional(),
      }),
    )
    .max(10_000)
    .optional(),
  ...structureParts,
});

const goTo = z.lazy(() =>
  z.union([
    z.object({ go_to: instanceId }).strict(),
    z.object({ action: z.enum(['next_instance', 'prev_instance', 'jump_to_unannotated']) }).strict(),
  ]),
);

/** `/updateinstance`: our shape or Potato's, on an item or on the phase page the caller is on. */
export async function saveSubmission(s: Services, username: string, body: Submission | PotatoState) {
  if (body.instance_id === PHASE_PAGE_ID && !s.task.instanceById.has(PHASE_PAGE_ID))
    return savePhasePage(s, username, body);
  if (!isPotatoBody(body)) return submitWithBoxes(s, username, body);
  const boxes = boxDataOfState(s.task, body);
  if (boxes) {
    try {
      return await submitWithBoxes(s, username, boxes);
    } catch (e) {
      throw inStateBoxTerms(body, e);
    }
  }
  const submission = fromPotatoState(s.task, body, s.annotations.get(username, body.instance_id));
  return s.annotations
    .submit(username, submission)
    .catch((e: unknown) => Promise.reject(inStateTerms(body, submission, e)));
}

/** Our shape, with a field's `"<field>:::_data"` label taken in as its boxes. */
function submitWithBoxes(s: Services, username: string, body: Submission) {
  const data = withBoxData(s.task, body, () => s.annotations.get(username, body.instance_id));
  return s.annotations.submit(username, data.submission).catch((e: unknown) => Promise.reject(inBoxTerms(data, e)));
}

export function annotationRoutes(s: Services): RouteSpec[] {
  const withDisplay = currentAnswer(s);
  return [
    route({
      method: 'GET',
      path: '/api/current_instance',
      summary: "The caller's current instance; also a session check",
      access: 'user',
      response: currentInstance,
      handle: async ({ username }) => withDisplay(username, await s.annotations.current(username)),
    }),
    route({
      method: 'GET',
      path: '/api/spans/:instance_id',
      summary: "An instance's text with the caller's spans",
      access: 'user',
      response: z.lazy(() =>
        z.object({
          instance_id: z.string(),
          text: z.string(),
          spans: z.array(
            z.object({
              id: z.string(),
              ...paintedSpan.shape,
              target_field: z
                .string()
                .optional()
                .describe(
                  "the field the offsets and text are of, in a task with span_target fields (the text field's key for a span of the text)",
                ),
              format_coords: storedFormatCoords.optional(),
            }),
          ),
        }),
      ),
      async handle({ username, params }) {
        const instance = await s.annotations.instanceFor(username, params.instance_id);
        const record = s.annotations.get(username, instance.id);
        // empty when the item no longer holds the field
        const fieldText = (field: string) => s.task.spanFields?.get(field)?.(instance) ?? '';
        return {
          instance_id: instance.id,
          text: instance.text,
          spans: (record?.spans ?? []).map((span) => {
            // a task with spans in several fields names each span's field, as Potato does; one without keeps the
            // interface's shape
            const field = s.task.spanFields?.size ? (span.target_field ?? s.task.textKey) : undefined;
            const source = span.target_field === undefined ? instance.text : fieldText(span.target_field);
            return {
              id: span.id,
              schema: span.schema,
              label: span.label,
              start: span.start,
              end: span.end,
              text: source.slice(span.start, span.end),
              color: s.task.colors[span.schema]?.[span.label] ?? '#999999',
              ...(field === undefined ? {} : { target_field: field }),
              ...(span.format_coords === undefined ? {} : { format_coords: span.format_coords }),
            };
          }),
        };
      },
    }),
    route({
      method: 'GET',
      path: '/api/display/:instance_id',
      summary: 'What the annotator sees of an instance: its layout, display fields, or every field',
      access: 'user',
      response: display,
      async handle({ username, params }) {
        return s.display.of(await s.annotations.instanceFor(username, params.instance_id));
      },
    }),
    route({
      method: 'GET',
      path: '/get_annotations',
      summary: "The caller's annotations of an instance, in the shape /updateinstance takes",
      access: 'user',
      query: z.object({ instance_id: instanceId }),
      response: storedAnswersShape.extend({
        label_annotations: z
          .record(z.string(), z.array(z.string()))
          .describe(
            'Potato\'s read-out of the same answers: the labels chosen in each scheme, and `["_data"]` under the field boxes are drawn on when the caller drew some',
          ),
      }),
      async handle({ username, query }) {
        const stored = storedAnswers(s, username, await s.annotations.instanceFor(username, query.instance_id));
        const labelAnnotations: Record<string, string[]> = {};
        for (const key of Object.keys(stored.annotations)) {
          const colon = key.indexOf(':');
          (labelAnnotations[key.slice(0, colon)] ??= []).push(key.slice(colon + 1));
        }
        // boxes are spans here; Potato reads them back as its "<field>:::_data" label
        const boxes = s.task.boxField;
        if (boxes && stored.span_annotations.some((sp) => sp.format_coords?.format === 'bounding_box'))
          (labelAnnotations[boxes.key] ??= []).push('_data');
        return { ...stored, label_annotations: labelAnnotations };
      },
    }),
    route({
      method: 'POST',
      path: '/updateinstance',
      summary:
        "Submit labels and spans for an instance (a present part replaces the stored one); Potato's {type, schema, state} shape and form posts are merged into what is stored; instance `__phase_page__` keeps the answers of the phase page the caller is on (Potato's consent, training and survey pages)",
      access: 'user',
      body: z.union([submission, potatoState]),
      // the domain's Submission types format_coords loosely; only the schema (never the hand-written parse) lets
      // them through, as the schema's type says
      parseBody: (raw) => parseSubmissionBody(raw, submission) as z.output<typeof submission> | PotatoState,
      response: z.lazy(() =>
        z.object({
          status: z.literal('success'),
          processing_time_ms: z.number(),
          qc_result: z.record(z.string(), z.unknown()).optional(),
        }),
      ),
      handle: ({ username, body }) => saveSubmission(s, username, body),
    }),
    route({
      method: 'POST',
      path: '/go_to',
      summary:
        "Move to an instance by id, or to the next, previous or next unannotated one (a form post of Potato's page gives go_to as a 0-based position in the list)",
      access: 'user',
      body: goTo,
      response: currentInstance,
      async handle({ username, body, ctx }) {
        if ('go_to' in body && ctx.is('urlencoded') && /^\d{1,9}$/.test(body.go_to)) {
          // Potato's page posts its jump box as a form holding a position, not an id
          const list = await s.annotations.listOf(username);
          const id = list[Number(body.go_to)];
          if (id === undefined) throw invalid(`go_to: position ${body.go_to} is outside 0..${list.length - 1}`);
          body = { go_to: id };
        }
        if ('go_to' in body && s.crowd.settings.jumpingDisabled && !s.adminAuth.isAdminUser(username)) {
          throw forbidden('go_to: jumping to an instance by id is disabled for this project (jumping_to_id_disabled)');
        }
        return withDisplay(username, await s.annotations.goTo(username, body));
      },
    }),
  ];
}
