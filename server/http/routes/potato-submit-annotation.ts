/**
 * Potato's older `POST /submit_annotation` (deprecated there, still called by scripts written against it): a body of
 * `{instance_id, annotations: {<scheme>: {<label>: value} | "<text>"}}`, or a form post with the same as JSON text
 * in `annotation_data`. Each scheme named is sent whole (its labels replace the stored ones, as Potato clears a
 * scheme's stale labels first); schemes not named keep what is stored. It is translated into the one submission
 * the domain validates, so refusals are the usual 400s naming the field.
 */
import { z } from 'zod';
import { invalid } from '../../domain/errors.js';
import type { AnnotationRecord, Submission } from '../../domain/annotation/records.js';
import type { Task } from '../../domain/task.js';
import { schemeModuleOf } from '../../domain/schemes/registry.js';
import { AnswerError } from '../../domain/schemes/module.js';
import { structureKind } from '../../domain/annotation/structures.js';
import type { Services } from '../../compose.js';
import { parseInput, route, type RouteSpec } from '../route.js';
import { clears } from './potato-submission.js';

const value = z.lazy(() => z.union([z.string().max(100_000), z.number(), z.boolean(), z.null()]));

const submitAnnotationBody = z.lazy(() =>
  z.object({
    instance_id: z.union([z.string().min(1).max(256), z.number()]).transform(String),
    annotations: z
      .record(z.string().min(1).max(256), z.union([z.string().max(100_000), z.record(z.string().max(256), value)]))
      .default({}),
  }),
);
type SubmitAnnotation = z.output<typeof submitAnnotationBody>;

/** A form post carries the annotations as JSON text in `annotation_data`. */
function parseBody(raw: unknown): SubmitAnnotation {
  if (typeof raw === 'object' && raw !== null && 'annotation_data' in raw) {
    const { annotation_data: text, ...rest } = raw as Record<string, unknown>;
    let annotations: unknown;
    try {
      annotations = typeof text === 'string' ? JSON.parse(text) : text;
    } catch {
      throw invalid('annotation_data: not valid JSON text');
    }
    return parseInput(submitAnnotationBody, { ...rest, annotations }, 'body');
  }
  return parseInput(submitAnnotationBody, raw, 'body');
}

/** The submission the body amounts to, given what the annotator has stored for the instance. */
function fromSubmitAnnotation(task: Task, body: SubmitAnnotation, stored: AnnotationRecord | undefined): Submission {
  const labels: Record<string, Record<string, string>> = {};
  for (const [scheme, chosen] of Object.entries(stored?.labels ?? {})) {
    const known = task.schemeByName.get(scheme);
    // links and events are kept by the domain when their part is not sent
    if (!known || !structureKind(known)) labels[scheme] = { ...chosen };
  }
  for (const [name, given] of Object.entries(body.annotations)) {
    const mine: Record<string, string> = (labels[name] = {});
    if (typeof given !== 'string') {
      // false values leave a label out, as on /updateinstance (a label named like one, such as False, is chosen)
      for (const [label, v] of Object.entries(given)) if (!clears({ name: label, value: v })) mine[label] = String(v);
      continue;
    }
    // a bare string is the scheme's whole answer (a text box's text), read as an exported answer is read on import
    const scheme = task.schemeByName.get(name);
    const module = scheme && schemeModuleOf(scheme);
    if (!scheme || !module) throw invalid(`annotations.${name}: unknown scheme "${name}"`);
    if (given === '') continue;
    const chosen = module.fromAnswer(scheme, given);
    if (chosen instanceof AnswerError) throw invalid(`annotations.${name}: ${chosen.message}`);
    Object.assign(mine, chosen);
  }
  const annotations: Record<string, string> = {};
  for (const [scheme, chosen] of Object.entries(labels))
    for (const [label, v] of Object.entries(chosen)) annotations[`${scheme}:${label}`] = v;
  return { instance_id: body.instance_id, annotations };
}

export function submitAnnotationRoutes(s: Services): RouteSpec[] {
  return [
    route({
      method: 'POST',
      path: '/submit_annotation',
      summary:
        "Potato's older label submission: {instance_id, annotations: {schema: {label: value} | text}} (or annotation_data as JSON text in a form post); each scheme named replaces its stored labels",
      access: 'user',
      body: submitAnnotationBody,
      parseBody,
      response: z.lazy(() =>
        z.object({
          status: z.literal('success'),
          message: z.string(),
          annotations_processed: z.number().int(),
        }),
      ),
      async handle({ username, body }) {
        const submission = fromSubmitAnnotation(s.task, body, s.annotations.get(username, body.instance_id));
        await s.annotations.submit(username, submission);
        const processed = Object.values(body.annotations).reduce<number>(
          (n, given) => n + (typeof given === 'string' ? 1 : Object.keys(given).length),
          0,
        );
        return {
          status: 'success' as const,
          message: 'Annotation saved successfully',
          annotations_processed: processed,
        };
      },
    }),
  ];
}
