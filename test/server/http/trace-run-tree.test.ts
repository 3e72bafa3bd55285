/**
 * Ingested traces keep their hierarchy over real HTTP: LangSmith runs (by parent_run_id and nested child_runs) and
 * OTel spans (by parent span) become the item's run_tree, each turn carries its run's id, and an agent_trace
 * display draws that tree.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';

const KEY = 'tree-key';

describe('ingested traces keep their run tree', () => {
  let t: TestServer;
  beforeAll(async () => {
    t = await startServer({
      items: [{ id: 'seed', text: 'seed', conversation: [{ speaker: 'User', text: 'hi' }] }],
      config: {
        trace_ingestion: { enabled: true, api_key: KEY },
        instance_display: {
          fields: [
            { key: 'text', type: 'text' },
            { key: 'conversation', type: 'agent_trace' },
          ],
        },
      },
    });
  });
  afterAll(() => t.close());
  const sender = () => t.client({ authorization: `Bearer ${KEY}` });

  it('LangSmith: parent_run_id and nested child_runs make the tree; turns carry run_id; the display draws it', async () => {
    const r = await sender().post('/api/traces/langsmith', {
      runs: [
        {
          id: 'orch',
          run_type: 'chain',
          name: 'orchestrator',
          inputs: { input: 'Plan a trip' },
          outputs: { output: 'Booked.' },
          status: 'success',
          child_runs: [
            {
              id: 'researcher',
              run_type: 'chain',
              name: 'researcher',
              child_runs: [{ id: 'think', run_type: 'llm', name: 'gpt', outputs: { text: 'Search flights first.' } }],
            },
          ],
        },
        {
          id: 'search',
          parent_run_id: 'researcher',
          run_type: 'tool',
          name: 'flights',
          inputs: { input: 'NYC-LON' },
          outputs: { output: '3 flights' },
          error: 'timeout after retry',
        },
      ],
    });
    expect(r.status).toBe(200);
    const c = await t.client().login('tree-reader');
    const view = await c.post('/go_to', { go_to: 'langsmith_orch' });
    expect(view.body.data.conversation).toEqual([
      { speaker: 'User', text: 'Plan a trip', run_id: 'orch' },
      { speaker: 'Agent (Thought)', text: 'Search flights first.', run_id: 'think' },
      { speaker: 'Agent (Action)', text: 'flights(NYC-LON)', run_id: 'search' },
      { speaker: 'Environment', text: '3 flights', run_id: 'search' },
      { speaker: 'Agent', text: 'Booked.', run_id: 'orch' },
    ]);
    expect(view.body.data.run_tree).toEqual([
      { id: 'orch', parent_id: null, name: 'orchestrator', run_type: 'chain', status: 'success', turn_range: [0, 4] },
      { id: 'researcher', parent_id: 'orch', name: 'researcher', run_type: 'chain', status: null, turn_range: [1, 3] },
      { id: 'think', parent_id: 'researcher', name: 'gpt', run_type: 'llm', status: null, turn_range: [1, 1] },
      { id: 'search', parent_id: 'researcher', name: 'flights', run_type: 'tool', status: 'error', turn_range: [2, 3] },
    ]);
    const block = view.body.display.blocks[1];
    expect(block.turns.map((turn: { run: string }) => turn.run)).toEqual(['orch', 'think', 'search', 'search', 'orch']);
    expect(block.trace.run_tree.map((n: { id: string; parent?: string }) => `${n.parent ?? '-'}>${n.id}`)).toEqual([
      '->orch',
      'orch>researcher',
      'researcher>think',
      'researcher>search',
    ]);
  });

  it('OTel: parent span ids make the tree, a parent the export lacks makes a root', async () => {
    const span = (spanId: string, parent: string, name: string, start: string, attrs: Record<string, string>) => ({
      traceId: 'tt',
      spanId,
      parentSpanId: parent,
      name,
      startTimeUnixNano: start,
      status: { code: spanId === 'tool' ? 2 : 1 },
      attributes: Object.entries(attrs).map(([key, v]) => ({ key, value: { stringValue: v } })),
    });
    const r = await sender().post('/api/traces/otel', {
      resourceSpans: [
        {
          scopeSpans: [
            {
              spans: [
                span('root', '', 'agent', '1', {}),
                span('llm', 'root', 'LLM', '2', { 'input.value': 'Q?', 'output.value': 'A.', 'llm.model_name': 'm' }),
                span('tool', 'llm', 'search', '3', { 'tool.name': 'search', 'tool.input': 'q', 'tool.output': 'none' }),
                span('lost', 'elsewhere', 'orphan', '4', {}),
              ],
            },
          ],
        },
      ],
    });
    expect(r.body).toMatchObject({ ingested: 1, trace_ids: ['otel_tt'] });
    const view = await (await t.client().login('otel-tree')).post('/go_to', { go_to: 'otel_tt' });
    expect(view.body.data.conversation.map((turn: { run_id: string }) => turn.run_id)).toEqual([
      'llm',
      'llm',
      'tool',
      'tool',
    ]);
    expect(view.body.data.run_tree).toEqual([
      { id: 'root', parent_id: null, name: 'agent', run_type: 'chain', status: 'success', turn_range: null },
      { id: 'llm', parent_id: 'root', name: 'LLM', run_type: 'llm', status: 'success', turn_range: [0, 1] },
      { id: 'tool', parent_id: 'llm', name: 'search', run_type: 'tool', status: 'error', turn_range: [2, 3] },
      { id: 'lost', parent_id: null, name: 'orphan', run_type: 'chain', status: 'success', turn_range: null },
    ]);
    const tree = view.body.display.blocks[1].trace.run_tree;
    expect(tree.map((n: { id: string; status?: string }) => `${n.id}:${n.status}`)).toEqual([
      'root:success',
      'llm:success',
      'tool:error',
      'lost:success',
    ]);
  });
});
