/**
 * Links and events over spans: their shapes in POST /updateinstance and GET /get_annotations, and Potato's
 * `/api/links/<instance_id>` and `/api/events/<instance_id>` reads (and its link and event deletes).
 */
import { z } from 'zod';
import type { Services } from '../../compose.js';
import { route, type RouteSpec } from '../route.js';
import { notFound } from '../../domain/errors.js';
import { structurePayload } from '../../domain/annotation/structures.js';

const spanRef = z.string().min(1).max(256);
const entryId = z.string().min(1).max(128);
const properties = z.lazy(() => z.record(z.string(), z.unknown()));

export const linkAnnotation = z.lazy(() =>
  z.object({
    id: entryId.optional(),
    schema: z.string().min(1).max(256),
    link_type: z.string().min(1).max(256),
    span_ids: z.array(spanRef).max(100),
    direction: z.enum(['directed', 'undirected']).optional(),
    properties: properties.optional(),
  }),
);

export const eventAnnotation = z.lazy(() =>
  z.object({
    id: entryId.optional(),
    schema: z.string().min(1).max(256),
    event_type: z.string().min(1).max(256),
    trigger_span_id: spanRef,
    arguments: z
      .array(z.object({ role: z.string().min(1).max(256), span_id: spanRef }))
      .max(100)
      .optional(),
    properties: properties.optional(),
  }),
);

/** The parts of a submission these carry. */
export const structureParts = {
  link_annotations: z.array(linkAnnotation).max(10_000).optional(),
  event_annotations: z.array(eventAnnotation).max(10_000).optional(),
};

const deleted = z.lazy(() => z.object({ status: z.literal('success'), message: z.string() }));

export function structureRoutes(s: Services): RouteSpec[] {
  const read = async (username: string, instanceId: string) => {
    const instance = await s.annotations.instanceFor(username, instanceId);
    return { instance, record: s.annotations.get(username, instance.id) };
  };
  /** Deletes one entry by sending the rest, so the change is stored, journalled and announced as any other. */
  const remove = async (username: string, instanceId: string, id: string, kind: 'links' | 'events') => {
    const { instance, record } = await read(username, instanceId);
    const entries = structurePayload(s.task, record, kind);
    const rest = entries.filter((e) => e.id !== id);
    if (rest.length === entries.length)
      throw notFound(`${kind === 'links' ? 'link' : 'event'} "${id}" not found on instance "${instance.id}"`);
    const field = kind === 'links' ? 'link_annotations' : 'event_annotations';
    await s.annotations.submit(username, { instance_id: instance.id, [field]: rest });
    return { status: 'success' as const, message: `${kind === 'links' ? 'Link' : 'Event'} ${id} deleted` };
  };
  return [
    route({
      method: 'GET',
      path: '/api/links/:instance_id',
      summary: "The caller's links between spans (span_link, coreference) on an instance",
      access: 'user',
      response: z.lazy(() =>
        z.object({ status: z.literal('success'), instance_id: z.string(), links: z.array(linkAnnotation) }),
      ),
      async handle({ username, params }) {
        const { instance, record } = await read(username, params.instance_id);
        return { status: 'success', instance_id: instance.id, links: structurePayload(s.task, record, 'links') };
      },
    }),
    route({
      method: 'DELETE',
      path: '/api/links/:instance_id/:link_id',
      summary: "Deletes one of the caller's links by id",
      access: 'user',
      response: deleted,
      handle: ({ username, params }) => remove(username, params.instance_id, params.link_id, 'links'),
    }),
    route({
      method: 'GET',
      path: '/api/events/:instance_id',
      summary: "The caller's events (a trigger span with argument spans) on an instance",
      access: 'user',
      response: z.lazy(() =>
        z.object({ status: z.literal('success'), instance_id: z.string(), events: z.array(eventAnnotation) }),
      ),
      async handle({ username, params }) {
        const { instance, record } = await read(username, params.instance_id);
        return { status: 'success', instance_id: instance.id, events: structurePayload(s.task, record, 'events') };
      },
    }),
    route({
      method: 'DELETE',
      path: '/api/events/:instance_id/:event_id',
      summary: "Deletes one of the caller's events by id",
      access: 'user',
      response: deleted,
      handle: ({ username, params }) => remove(username, params.instance_id, params.event_id, 'events'),
    }),
  ];
}
