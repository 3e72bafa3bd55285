/**
 * What the per-type tests share: loading a one-scheme config (or seeing it refused), a real server with that
 * scheme, and the JSONL round trip (export, import as pre-annotations, read back the same answers).
 */
import { expect } from 'vitest';
import { loadConfig } from '../../../../../server/index.js';
import type { Scheme } from '../../../../../server/domain/task.js';
import { writeProject, type ProjectSpec } from '../../../../helpers/project.js';
import { startServer, type TestServer } from '../../../../helpers/server.js';

type Items = NonNullable<ProjectSpec['items']>;

export function loadScheme(scheme: Record<string, unknown>, spec: ProjectSpec = {}): Scheme {
  const config = loadConfig(writeProject({ ...spec, config: { annotation_schemes: [scheme], ...spec.config } }));
  return config.task.schemes[0];
}

/** The config's refusal message (fails the test if it loads). */
export function refusal(scheme: Record<string, unknown>, spec: ProjectSpec = {}): string {
  try {
    loadScheme(scheme, spec);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error('the config loaded');
}

export function serve(
  schemes: Record<string, unknown>[],
  items: Items,
  config: Record<string, unknown> = {},
): Promise<TestServer> {
  return startServer({ items, config: { annotation_schemes: schemes, ...config } });
}

/** Submits as `user` and returns what /get_annotations gives back. */
export async function submitAndRead(
  t: TestServer,
  user: string,
  instance_id: string,
  annotations: Record<string, string>,
) {
  const c = await t.client().login(user);
  const r = await c.post('/updateinstance', { instance_id, annotations });
  expect(r.status, r.text).toBe(200);
  return (await c.get(`/get_annotations?instance_id=${encodeURIComponent(instance_id)}`)).body;
}

/** A submission that must be refused: returns the error message. */
export async function refusedAnswer(
  t: TestServer,
  instance_id: string,
  annotations: Record<string, string>,
): Promise<string> {
  const c = await t.client().login('refused');
  const r = await c.post('/updateinstance', { instance_id, annotations });
  expect(r.status, r.text).toBe(400);
  return r.body.error;
}

/**
 * Exports JSONL from `t`, imports it as pre-annotations into a fresh server with the same config, and checks
 * each line's labels come back unchanged; returns the exported lines.
 */
export async function jsonlRoundTrip(
  t: TestServer,
  schemes: Record<string, unknown>[],
  items: Items,
  config: Record<string, unknown> = {},
) {
  const exported = (await t.admin().get('/admin/api/export?format=jsonl')).text;
  const lines = exported
    .trim()
    .split('\n')
    .map((l) => JSON.parse(l));
  const second = await serve(schemes, items, config);
  // one source per annotator: an instance may hold one prediction per source
  const content = lines.map((l) => JSON.stringify({ ...l, source: l.annotator })).join('\n');
  const r = await second.admin().post('/admin/api/predictions', { content, format: 'jsonl' });
  expect(r.status, r.text).toBe(200);
  const reader = await second.client().login('reader');
  for (const line of lines) {
    const predictions = (await reader.get(`/api/predictions/${encodeURIComponent(line.instance_id)}`)).body.predictions;
    expect(predictions.find((p: { source: string }) => p.source === line.annotator)?.labels).toEqual(line.labels);
  }
  await second.close();
  return lines;
}

export async function csvOf(t: TestServer): Promise<string> {
  return (await t.admin().get('/admin/api/export?format=csv')).text;
}
