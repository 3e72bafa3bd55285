/**
 * The OpenAPI 3.1 description, generated from the same RouteSpec list and zod schemas the server validates
 * with (`z.toJSONSchema`, whose draft 2020-12 output is OpenAPI 3.1's schema dialect), so it cannot drift
 * from what the server accepts.
 */
import { z, type ZodType } from 'zod';
import { route, type RouteSpec } from './route.js';
import { webhookDescriptions } from './webhook-events.js';
import { answerComponents } from './answer-shapes.js';

export interface ApiInfo {
  title: string;
  version: string;
}

/** koa-router's `/api/spans/:instance_id` as OpenAPI's `/api/spans/{instance_id}`. */
export const openApiPath = (path: string) => path.replace(/:([A-Za-z0-9_]+)/g, '{$1}');

const pathParams = (path: string) => [...path.matchAll(/:([A-Za-z0-9_]+)/g)].map((m) => m[1]);

function jsonSchema(schema: ZodType<unknown>, io: 'input' | 'output' = 'input'): Record<string, unknown> {
  // input: what a client sends (defaults optional), output: what the server answers; unrepresentable parts
  // (transforms) become "any"
  const { $schema: _, ...rest } = z.toJSONSchema(schema, { io, unrepresentable: 'any' }) as Record<string, unknown>;
  return rest;
}

const errorResponse = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

function operation(spec: RouteSpec) {
  const parameters: Record<string, unknown>[] = pathParams(spec.path).map((name) => ({
    name,
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
  if (spec.query) {
    const schema = jsonSchema(spec.query) as {
      properties?: Record<string, Record<string, unknown>>;
      required?: string[];
    };
    for (const [name, property] of Object.entries(schema.properties ?? {})) {
      const { description, ...rest } = property;
      parameters.push({
        name,
        in: 'query',
        required: schema.required?.includes(name) ?? false,
        schema: rest,
        ...(description ? { description } : {}),
      });
    }
  }
  const note = spec.responds ?? {};
  const content = note.types
    ? Object.fromEntries(note.types.map((type) => [type, { schema: { type: 'string' } }]))
    : spec.response
      ? { 'application/json': { schema: jsonSchema(spec.response, 'output') } }
      : undefined;
  const responses: Record<string, unknown> = {};
  if (content) responses[String(note.status ?? 200)] = { description: 'Success', content };
  if (note.redirect)
    responses[String(note.redirect)] = {
      description: 'Redirect',
      headers: { Location: { schema: { type: 'string' } } },
    };
  responses['400'] = errorResponse('Invalid input; the error names the field');
  if (spec.access !== 'public') responses['401'] = errorResponse('Not logged in (no session or API key)');
  if (spec.access === 'admin') responses['403'] = errorResponse('Not an admin');
  if (pathParams(spec.path).length) responses['404'] = errorResponse('No such item');
  return {
    summary: spec.summary,
    operationId: `${spec.method.toLowerCase()}${openApiPath(spec.path)
      .replace(/[{}]/g, '')
      .replace(/[^A-Za-z0-9]+(.)?/g, (_, c: string | undefined) => (c ?? '').toUpperCase())}`,
    tags: [spec.access],
    ...(spec.access === 'public'
      ? { security: [] }
      : { security: spec.access === 'admin' ? [{ apiKey: [] }, { session: [] }] : [{ session: [] }] }),
    ...(parameters.length ? { parameters } : {}),
    ...(spec.body
      ? {
          requestBody: {
            required: true,
            content: { 'application/json': { schema: jsonSchema(spec.body) } },
          },
        }
      : {}),
    responses,
  };
}

export function openApiDocument(routes: readonly RouteSpec[], info: ApiInfo) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const spec of routes) (paths[openApiPath(spec.path)] ??= {})[spec.method.toLowerCase()] = operation(spec);
  return {
    openapi: '3.1.0',
    info: { ...info, description: "Generated from the server's own route list and input schemas." },
    paths,
    webhooks: webhookDescriptions(jsonSchema),
    components: {
      schemas: {
        Error: { type: 'object', properties: { error: { type: 'string' } }, required: ['error'] },
        ...answerComponents(jsonSchema),
      },
      securitySchemes: {
        apiKey: { type: 'apiKey', in: 'header', name: 'X-API-Key' },
        session: { type: 'apiKey', in: 'cookie', name: 'marginalia.sid' },
      },
    },
  };
}

/** `GET /api/openapi.json`, describing `routes` and itself; built once, at the first request. */
export function openApiRoutes(routes: readonly RouteSpec[], info: ApiInfo): RouteSpec[] {
  let document: ReturnType<typeof openApiDocument> | undefined;
  const self: RouteSpec = route({
    method: 'GET',
    path: '/api/openapi.json',
    summary: 'This description of the HTTP API (OpenAPI 3.1)',
    access: 'public',
    response: z.lazy(() => z.record(z.string(), z.unknown()).describe('an OpenAPI 3.1 document')),
    handle: () => (document ??= openApiDocument([...routes, self], info)),
  });
  return [self];
}
