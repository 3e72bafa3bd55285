/**
 * Metric induction over real HTTP at Potato's path, through a real model server on 127.0.0.1: the annotators'
 * comments on a text scheme are each sent to the LLM, whose aspects recurring at least min_support times come back
 * as candidate metrics; admin only (401/403), 400 naming `schema`, 503 naming ai_support without a model, 502 when
 * the model fails.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { startLlmServer, type LlmCall } from '../../helpers/llm-server.js';
import { aiSupportAt } from '../../helpers/model-project.js';

const items = [
  { id: 'r1', text: 'Agent run one.' },
  { id: 'r2', text: 'Agent run two.' },
  { id: 'r3', text: 'Agent run three.' },
];
const schemes = [
  { annotation_type: 'radio', name: 'ok', labels: ['yes', 'no'] },
  { annotation_type: 'text', name: 'feedback' },
];
const ASPECTS: Record<string, object> = {
  'too long': { aspect: 'Conciseness', definition: 'Does the reply avoid padding?', polarity: 'negative' },
  rambled: { aspect: 'conciseness', definition: 'Brevity', polarity: 'negative' },
  'wrong tool': { aspect: 'Tool selection', definition: 'Was the tool suited to the step?', polarity: 'negative' },
  'great tool': { aspect: 'tool selection', definition: 'Tool choice', polarity: 'positive' },
  polite: { aspect: 'Tone', definition: 'Politeness', polarity: 'positive' },
};
const aspectOf = (call: LlmCall) => {
  const said = JSON.stringify(call.body.messages.at(-1).content);
  const hit = Object.keys(ASPECTS).find((k) => said.includes(k));
  return { content: '```json\n' + JSON.stringify(hit ? ASPECTS[hit] : {}) + '\n```' };
};

describe('metric induction', () => {
  it('names recurring aspects of the comments as candidate metrics', async () => {
    const llm = await startLlmServer();
    llm.reply = aspectOf;
    const t = await startServer({
      items,
      config: { annotation_schemes: schemes, ai_support: aiSupportAt(llm, 'induce-model') },
    });
    const comments: [string, string, string][] = [
      ['ann', 'r1', 'the reply went on too long'],
      ['ann', 'r2', 'it reached for the wrong tool'],
      ['ann', 'r3', 'the agent was polite to the user'],
      ['bea', 'r1', 'the model rambled for a page'],
      ['bea', 'r2', 'great tool choice'],
      ['bea', 'r3', 'nothing to say really'],
    ];
    for (const [user, id, text] of comments) {
      const c = await t.client().login(user);
      expect(
        (await c.post('/updateinstance', { instance_id: id, annotations: { 'feedback:text': text } })).status,
      ).toBe(200);
    }
    const annotator = await t.client().login('ann');
    expect((await t.client().get('/admin/api/induce-metrics?schema=feedback')).status).toBe(401);
    expect((await annotator.get('/admin/api/induce-metrics?schema=feedback')).status).toBe(403);
    const none = await t.admin().get('/admin/api/induce-metrics');
    expect(none.status).toBe(400);
    expect(none.body.error).toMatch(/^schema: /);
    const radio = await t.admin().get('/admin/api/induce-metrics?schema=ok');
    expect(radio.body.error).toMatch(/^schema: "ok" is a radio scheme/);
    expect((await t.admin().get('/admin/api/induce-metrics?schema=nope')).status).toBe(400);
    expect(llm.calls).toHaveLength(0);

    const r = await t.admin().get('/admin/api/induce-metrics?schema=feedback');
    expect(r.status).toBe(200);
    expect(llm.calls).toHaveLength(6);
    expect(r.body).toMatchObject({
      schema: 'feedback',
      model: 'induce-model',
      min_support: 2,
      n_comments: 6,
      n_with_aspect: 5,
    });
    expect(r.body.candidates.map((c: { name: string; support: number }) => [c.name, c.support])).toEqual([
      ['Conciseness', 2],
      ['Tool selection', 2],
    ]);
    const tool = r.body.candidates[1];
    expect(tool.polarity_counts).toEqual({ negative: 1, positive: 1 });
    expect(tool.definition).toBe('Was the tool suited to the step?');
    expect(tool.examples).toEqual([
      { instance_id: 'r2', annotator: 'ann', text: 'it reached for the wrong tool' },
      { instance_id: 'r2', annotator: 'bea', text: 'great tool choice' },
    ]);
    const all = await t.admin().get('/admin/api/induce-metrics?schema=feedback&min_support=1');
    expect(all.body.candidates.map((c: { name: string }) => c.name)).toEqual(['Conciseness', 'Tool selection', 'Tone']);

    llm.reply = () => ({ status: 500 });
    const failed = await t.admin().get('/admin/api/induce-metrics?schema=feedback');
    expect(failed.status).toBe(502);
    expect(failed.body.error).toMatch(/answered 500/);
  });

  it('answers 503 naming ai_support without a model', async () => {
    const t = await startServer({ items, config: { annotation_schemes: schemes } });
    const r = await t.admin().get('/admin/api/induce-metrics?schema=feedback');
    expect(r.status).toBe(503);
    expect(r.body.error).toMatch(/^metric induction needs an LLM: ai_support names no LLM/);
  });
});
