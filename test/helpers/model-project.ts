/**
 * The set-up the model features' tests share: a project whose model is the fake model server
 * (`llm-server.ts`), annotators signed in on it, and their answers saved as the annotate page saves them.
 */
import { expect } from 'vitest';
import type { Client } from './client.js';
import type { LlmServer } from './llm-server.js';
import type { ProjectSpec } from './project.js';
import { startServer, type TestServer } from './server.js';

/** An `ai_support` section whose LLM is the fake model server, speaking Ollama's protocol. */
export const aiSupportAt = (llm: LlmServer, model: string) => ({
  endpoint_type: 'ollama',
  ai_config: { model, base_url: llm.url },
});

/** Saves an annotator's choice of `label` on the single-choice scheme `scheme`; anything but a 200 fails the test. */
export async function choose(c: Client, scheme: string, instanceId: string, label: string): Promise<void> {
  const r = await c.post('/updateinstance', {
    instance_id: instanceId,
    annotations: { [`${scheme}:${label}`]: label },
  });
  expect(r.status).toBe(200);
}

/** A server for `spec` with each of `names` signed in, their clients in that order. */
export async function startSignedIn(spec: ProjectSpec, names: string[]): Promise<{ t: TestServer; clients: Client[] }> {
  const t = await startServer(spec);
  const clients: Client[] = [];
  for (const name of names) clients.push(await t.client().login(name));
  return { t, clients };
}
