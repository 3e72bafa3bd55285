/** The OpenAPI description is generated from the route list: every route is in it, with its inputs. */
import { afterAll, describe, expect, it } from 'vitest';
import { allRoutes, composeServices } from '../../../server/compose.js';
import { loadConfig } from '../../../server/index.js';
import { MemoryStore } from '../../../server/storage/memory-store.js';
import { systemClock } from '../../../server/domain/ports.js';
import { openApiPath } from '../../../server/http/openapi.js';
import { EVENT_TYPES } from '../../../server/domain/events.js';
import { quietLogger, startServer } from '../../helpers/server.js';
import { writeProject } from '../../helpers/project.js';
import { FEATURES_ON } from '../../helpers/features-on.js';

describe('GET /api/openapi.json', () => {
  // the route list of a project like the server's, built once from its own services
  const services = composeServices({
    config: loadConfig(writeProject()),
    store: new MemoryStore(),
    clock: systemClock,
    logger: quietLogger,
    dataDir: '/nonexistent',
    adminKey: 'k',
    version: '0.0.0',
  });
  const routes = allRoutes(services);
  afterAll(async () => {
    for (const close of services.closers) await close();
  });

  it('is public OpenAPI 3.1 and describes every route the server mounts, with its access', async () => {
    const t = await startServer();
    const r = await t.client().get('/api/openapi.json');
    expect(r.status).toBe(200);
    const doc = r.body;
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.version).toBe(t.server.services.version);
    expect(routes.length).toBeGreaterThan(20);
    const described = Object.entries(doc.paths as Record<string, Record<string, unknown>>).flatMap(([path, ops]) =>
      Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(described.sort()).toEqual(routes.map((s) => `${s.method} ${openApiPath(s.path)}`).sort());
    const ids = routes.map((spec) => doc.paths[openApiPath(spec.path)][spec.method.toLowerCase()].operationId);
    expect(new Set(ids).size).toBe(routes.length); // operation ids are unique, as OpenAPI requires
    for (const spec of routes) {
      const op = doc.paths[openApiPath(spec.path)][spec.method.toLowerCase()];
      expect(op.summary).toBe(spec.summary);
      expect(op.tags).toEqual([spec.access]);
      expect(op.security).toEqual(spec.access === 'public' ? [] : expect.arrayContaining([{ session: [] }]));
      if (spec.body) expect(op.requestBody.content['application/json'].schema).toBeTypeOf('object');
      expect(Object.keys(op.responses).some((code) => /^[23]/.test(code))).toBe(true);
      expect(op.responses['400'].content['application/json'].schema).toEqual({ $ref: '#/components/schemas/Error' });
    }
  });

  it('gives every route its answer: a JSON schema, the media types of another body, or a redirect', async () => {
    const t = await startServer();
    const doc = (await t.client().get('/api/openapi.json')).body;
    const undescribed = routes.filter((spec) => !spec.response && !spec.responds?.types && !spec.responds?.redirect);
    expect(undescribed.map((spec) => `${spec.method} ${spec.path}`)).toEqual([]);
    for (const spec of routes) {
      const { responses } = doc.paths[openApiPath(spec.path)][spec.method.toLowerCase()];
      const success = Object.entries(responses as Record<string, { content?: object; headers?: object }>).filter(
        ([code]) => /^[23]/.test(code),
      );
      expect(success.length, `${spec.method} ${spec.path}`).toBeGreaterThan(0);
      for (const [code, answer] of success) {
        if (code.startsWith('3')) expect(answer.headers).toHaveProperty('Location');
        else expect(Object.keys(answer.content ?? {}).length, `${spec.method} ${spec.path}`).toBeGreaterThan(0);
      }
    }
  });

  it("answers as its schemas say: each GET route's JSON on a project with answers matches its response schema", async () => {
    // memos, the review board, the progress page, QDA mode, the eval suite and more are off unless a project turns
    // them on (503, 404): this one turns on every feature the fuzzers do, so their reads are checked too
    const t = await startServer({
      config: FEATURES_ON,
    });
    const user = await t.client().login('alice');
    expect((await user.get('/api/current_instance')).status).toBe(200);
    const saved = await user.post('/updateinstance', {
      instance_id: 'item-1',
      annotations: { 'sentiment:positive': 'true', 'note:text_box': 'fine' },
      span_annotations: [{ schema: 'evidence', name: 'pos', start: 0, end: 4 }],
    });
    expect(saved.status).toBe(200);
    const admin = t.admin();
    const checked: string[] = [];
    for (const spec of allRoutes(t.server.services)) {
      if (spec.method !== 'GET' || !spec.response || spec.path.includes('*')) continue;
      const path = spec.path.replace(/:[a-z_]+/g, (name) => (name === ':instance_id' ? 'item-1' : 'none'));
      // a query a route needs names the instance (the others take none)
      const query = spec.query && !spec.query.safeParse({}).success ? '?instance_id=item-1' : '';
      // QDA mode's codebook view is public only so that its 503 (mode off) comes before the 401 (not logged in)
      const caller = spec.access === 'user' || spec.path === '/qda/codebook' ? user : t.client();
      const r = await (spec.access === 'admin' ? admin : caller).get(path + query);
      // ids this project has none of, features it leaves off (adjudication, AI) and reads that need more than
      // an instance id answer 404, 403 or 400
      if (r.status === 404 || r.status === 403 || r.status === 400) continue;
      expect(r.status, `${spec.method} ${path}`).toBe(200);
      const parsed = spec.response.safeParse(r.body);
      expect(parsed.error?.issues ?? [], `${spec.method} ${path}`).toEqual([]);
      checked.push(spec.path);
    }
    // the annotator's and the dashboard's reads are among them
    expect(checked).toEqual(
      expect.arrayContaining([
        '/api/current_instance',
        '/api/schemas',
        '/api/spans/:instance_id',
        '/get_annotations',
        '/admin/api/overview',
        '/admin/api/annotators',
        '/admin/api/instances',
        '/admin/api/quality_control',
        '/admin/api/timeline',
        '/api/phase',
        '/api/memos',
        '/admin/api/review/board',
        '/api/review/my_queue',
        '/progress/api/summary',
        '/api/codebook',
        '/api/codebook/document',
        '/qda/codebook',
        '/truth_serum/api/mine',
        '/truth_serum/api/stats',
        '/thinkaloud/api/state',
        '/thinkaloud/api/export',
        '/boundary/api/stats',
        '/admin/triage-queue',
        '/psychometrics/api/stats',
        '/psychometrics/api/design',
        '/admin/api/embedding_viz/stats',
        '/admin/api/embedding_viz/data',
      ]),
    );
    expect(checked.length).toBeGreaterThan(30);
  });

  it('describes every webhook event type with its envelope and data', async () => {
    const t = await startServer();
    const webhooks = (await t.client().get('/api/openapi.json')).body.webhooks;
    expect(Object.keys(webhooks).sort()).toEqual([...EVENT_TYPES].sort());
    const flagged = webhooks['item.flagged'].post;
    const body = flagged.requestBody.content['application/json'].schema;
    expect(body.required).toEqual(['event_id', 'event_type', 'timestamp', 'task_name', 'data']);
    expect(body.properties.event_type).toEqual({ type: 'string', const: 'item.flagged' });
    expect(body.properties.data.required).toEqual([
      'annotator_id',
      'instance_id',
      'flags',
      'added',
      'note',
      'flagged_at',
    ]);
    expect(flagged.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
  });

  it('takes parameters and bodies from the same zod schemas the server validates with', async () => {
    const t = await startServer();
    const doc = (await t.client().get('/api/openapi.json')).body;
    const exportOp = doc.paths['/admin/api/export'].get;
    const format = exportOp.parameters.find((p: { name: string }) => p.name === 'format');
    expect(format).toEqual({
      name: 'format',
      in: 'query',
      required: false,
      schema: { type: 'string', enum: ['jsonl', 'csv', 'conll', 'spacy', 'bws_scores', 'time'], default: 'jsonl' },
    });
    // the server refuses what the description leaves out
    expect((await t.admin().get('/admin/api/export?format=xml')).status).toBe(400);
    const spans = doc.paths['/api/spans/{instance_id}'].get;
    expect(spans.parameters).toEqual([{ name: 'instance_id', in: 'path', required: true, schema: { type: 'string' } }]);
    expect(spans.responses['404']).toBeDefined();
    const update = doc.paths['/updateinstance'].post.requestBody.content['application/json'].schema;
    // our shape or Potato's {instance_id, type, schema, state}
    const [ours, potato] = update.anyOf;
    expect(ours.required).toEqual(['instance_id']);
    expect(ours.properties.span_annotations.type).toBe('array');
    expect(potato.required).toEqual(['instance_id', 'type', 'schema', 'state']);
    expect(Object.keys(exportOp.responses['200'].content)).toEqual([
      'application/x-ndjson',
      'text/csv',
      'text/plain',
      'application/json',
    ]);
    expect(
      doc.paths['/admin/api/import'].post.responses['202'].content['application/json'].schema.properties.import_id,
    ).toEqual({ type: 'string' });
    expect(doc.paths['/admin/api/import'].post.security).toEqual([{ apiKey: [] }, { session: [] }]);
    expect(doc.components.securitySchemes.apiKey).toEqual({ type: 'apiKey', in: 'header', name: 'X-API-Key' });
  });
});
