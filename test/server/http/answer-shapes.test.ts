/**
 * Every scheme type's answer shape is in the OpenAPI description, and what a real server exports for each type
 * fits the shape described: one project with a scheme of every registered type, answered over HTTP, exported as
 * JSONL, each scheme's exported answer checked against its type's schema.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { schemeTypeOf, SCHEME_TYPE_NAMES } from '../../../server/domain/schemes/registry.js';
import type { Scheme } from '../../../server/domain/task.js';
import { startServer, type TestServer } from '../../helpers/server.js';
import { loadConfig } from '../../../server/index.js';

const tree = { id: 'root', text: 'Hi', children: [{ id: 'r1', text: 'Hello', children: [] }] };
const TEXT = 'Ada Lovelace met Charles Babbage in London in 1833 and wrote notes.';
const ITEMS = [
  {
    id: 'a1',
    text: TEXT,
    pair: ['left text', 'right text'],
    mt: 'the note',
    cards: ['Mars', 'Cup'],
    question: 'Who met Babbage?',
    tree,
    steps: [
      { agent: 'Planner', content: 'Plan the trip', action: 'plan()', tool_calls: [{ name: 'plan', args: {} }] },
      { agent: 'Booker', content: 'Book the train', input: { file_path: 'bookings.csv' } },
    ],
    final_answer: 'A train at nine',
    calls: [
      { agent: 'Planner', tool: 'read', resource: 'db', start: 0, end: 2 },
      { agent: 'Booker', tool: 'write', resource: 'db', start: 1, end: 3 },
    ],
    conversation: [{ speaker: 'Planner', text: 'I propose a train' }],
    _bws_items: ['x', 'y', 'z'].map((t, i) => ({ source_id: `p-${t}`, text: t, position: 'ABC'[i] })),
  },
];
const SCHEMES = [
  { annotation_type: 'radio', name: 'radio', labels: ['yes', 'no'] },
  { annotation_type: 'multiselect', name: 'multiselect', labels: ['a', 'b'] },
  { annotation_type: 'likert', name: 'likert', size: 5 },
  { annotation_type: 'select', name: 'select', labels: ['one', 'two'] },
  { annotation_type: 'text', name: 'text' },
  { annotation_type: 'number', name: 'number', min: 0, max: 10 },
  { annotation_type: 'slider', name: 'slider', min_value: 0, max_value: 10 },
  { annotation_type: 'span', name: 'entities', labels: ['PERSON', 'PLACE'] },
  { annotation_type: 'span_link', name: 'span_link', span_schema: 'entities', link_types: [{ name: 'MET' }] },
  { annotation_type: 'span', name: 'mentions', labels: ['MENTION'] },
  { annotation_type: 'coreference', name: 'coreference', span_schema: 'mentions' },
  { annotation_type: 'span', name: 'triggers', labels: ['TRIGGER', 'ARG'] },
  {
    annotation_type: 'event_annotation',
    name: 'event_annotation',
    span_schema: 'triggers',
    event_types: [{ type: 'MEET', arguments: [{ role: 'who' }] }],
  },
  { annotation_type: 'pairwise', name: 'pairwise', items_key: 'pair', labels: ['Left', 'Right'] },
  { annotation_type: 'bws', name: 'bws', tuple_size: 3 },
  { annotation_type: 'ranking', name: 'ranking', labels: ['R1', 'R2', 'R3'] },
  { annotation_type: 'triage', name: 'triage' },
  { annotation_type: 'text_edit', name: 'text_edit', source_field: 'mt' },
  { annotation_type: 'extractive_qa', name: 'extractive_qa', question_field: 'question' },
  {
    annotation_type: 'error_span',
    name: 'error_span',
    error_types: ['Fluency'],
    severities: [{ name: 'Minor', weight: -1 }],
  },
  { annotation_type: 'card_sort', name: 'card_sort', groups: ['Science', 'Sport'], items_field: 'cards' },
  { annotation_type: 'conjoint', name: 'conjoint', attributes: [{ name: 'Speed', levels: ['Fast', 'Slow'] }] },
  {
    annotation_type: 'tree_annotation',
    name: 'tree_annotation',
    node_scheme: { annotation_type: 'likert', size: 3 },
    path_selection: { enabled: true },
  },
  { annotation_type: 'multirate', name: 'multirate', options: ['Clarity'], labels: ['Poor', 'Good'] },
  { annotation_type: 'hierarchical_multiselect', name: 'hierarchical_multiselect', taxonomy: { Science: ['Physics'] } },
  { annotation_type: 'soft_label', name: 'soft_label', labels: ['Pro', 'Con'] },
  { annotation_type: 'constant_sum', name: 'constant_sum', labels: ['Food', 'Home'], total_points: 10 },
  { annotation_type: 'vas', name: 'vas' },
  { annotation_type: 'range_slider', name: 'range_slider', min_value: 0, max_value: 100 },
  { annotation_type: 'semantic_differential', name: 'semantic_differential', pairs: [['Bad', 'Good']] },
  { annotation_type: 'confidence', name: 'confidence', target_schema: 'radio' },
  { annotation_type: 'pure_display', name: 'pure_display', description: 'Read this first.' },
  { annotation_type: 'multi_document_event', name: 'multi_document_event', slots: [{ name: 'where' }] },
  { annotation_type: 'process_reward', name: 'process_reward' },
  { annotation_type: 'consensus_tracking', name: 'consensus_tracking' },
  { annotation_type: 'trajectory_eval', name: 'trajectory_eval', error_types: ['reasoning'] },
  { annotation_type: 'trajectory_edit', name: 'trajectory_edit', edit_final_answer: true },
  { annotation_type: 'failure_attribution', name: 'failure_attribution' },
  { annotation_type: 'gui_trajectory', name: 'gui_trajectory' },
  { annotation_type: 'multimodal_reasoning', name: 'multimodal_reasoning' },
  { annotation_type: 'tool_call_review', name: 'tool_call_review' },
  { annotation_type: 'context_attribution', name: 'context_attribution' },
  { annotation_type: 'handoff_review', name: 'handoff_review' },
  { annotation_type: 'emergent_behavior', name: 'emergent_behavior' },
  { annotation_type: 'agent_scorecard', name: 'agent_scorecard' },
  { annotation_type: 'tool_contention', name: 'tool_contention' },
  { annotation_type: 'agent_interaction_graph', name: 'agent_interaction_graph' },
  { annotation_type: 'code_review', name: 'code_review', steps_key: 'steps' },
];

/** One answer for every scheme in /updateinstance's parts, from the type modules' own examples. */
function answersFor(schemes: readonly Scheme[]) {
  const annotations: Record<string, string> = {};
  const span_annotations: { schema: string; name: string; start: number; end: number }[] = [];
  const structures: Record<string, unknown[]> = { link_annotations: [], event_annotations: [] };
  let at = 0;
  const span = (schemeName: string, label: string | undefined) => {
    const scheme = schemes.find((s) => s.name === schemeName)!;
    const name = label ?? scheme.labels[0].name;
    const start = at;
    at += 4;
    span_annotations.push({ schema: schemeName, name, start, end: start + 3 });
    return `${schemeName}_${name}_${start}_${start + 3}`;
  };
  for (const scheme of schemes) {
    const m = schemeTypeOf(scheme.annotation_type);
    if (m.storage === 'links' || m.storage === 'events') {
      structures[m.storage === 'links' ? 'link_annotations' : 'event_annotations'].push(
        ...m.exampleEntries!(scheme, span).map((e) => ({ schema: scheme.name, ...e })),
      );
    } else if (m.storage === 'spans') {
      if (!span_annotations.some((s) => s.schema === scheme.name)) span(scheme.name, undefined);
    } else if (m.storage === 'labels') {
      const example = m.example?.(scheme, ITEMS[0]) ?? {
        [scheme.labels[0].name]:
          m.type === 'text' ? 'some words' : m.type === 'number' || m.type === 'slider' ? '3' : 'true',
      };
      for (const [label, value] of Object.entries(example)) annotations[`${scheme.name}:${label}`] = value;
    }
  }
  return { annotations, span_annotations, ...structures };
}

let t: TestServer;
let doc: { components: { schemas: Record<string, Record<string, unknown>> } };

beforeAll(async () => {
  t = await startServer({ items: ITEMS, config: { annotation_schemes: SCHEMES } });
  doc = (await t.client().get('/api/openapi.json')).body;
});
afterAll(() => t.close());

describe('answer shapes', () => {
  it('the project covers every registered type', () => {
    expect(new Set(SCHEMES.map((s) => s.annotation_type))).toEqual(new Set(SCHEME_TYPE_NAMES));
  });

  it('the OpenAPI document describes each type: its answer as a schema and how it travels in annotations', () => {
    const schemas = doc.components.schemas;
    for (const type of SCHEME_TYPE_NAMES) {
      const shape = schemas[`Answer.${type}`];
      expect(shape, type).toBeDefined();
      expect(shape['x-stored'], type).toBe(schemeTypeOf(type).shape.stored);
      expect(String(shape.description)).toContain('In annotations: ');
    }
    expect(schemas['Answer.bws']).toMatchObject({
      type: 'object',
      properties: { best: { type: 'string' }, worst: { type: 'string' } },
    });
    expect(schemas['Answer.ranking']).toMatchObject({ type: 'array' });
    const refs = (schemas.Answers.additionalProperties as { anyOf: { $ref: string }[] }).anyOf.map((r) =>
      r.$ref.replace('#/components/schemas/Answer.', ''),
    );
    expect(refs).toEqual(SCHEME_TYPE_NAMES.filter((n) => !['span', 'pure_display'].includes(n)));
    // where answers by scheme travel, the map points at them
    const json = JSON.stringify(doc);
    expect(json).toContain('"$ref":"#/components/schemas/Answers"');
    const getAnnotations = (
      doc as unknown as {
        paths: Record<
          string,
          {
            get: {
              responses: {
                200: {
                  content: {
                    'application/json': {
                      schema: { properties: Record<string, { description?: string; items?: unknown }> };
                    };
                  };
                };
              };
            };
          }
        >;
      }
    ).paths['/get_annotations'].get.responses[200].content['application/json'].schema.properties;
    expect(getAnnotations.annotations.description).toMatch(/Answer\.<type>/);
    expect(getAnnotations.link_annotations.items).toMatchObject({ properties: { link_type: { type: 'string' } } });
  });

  it('what a server exports for every type fits the shape described', async () => {
    const config = loadConfig(t.configFile).task.schemes;
    const body = answersFor(config);
    const c = await t.client().login('ann');
    const r = await c.post('/updateinstance', { instance_id: 'a1', ...body });
    expect(r.status, r.text).toBe(200);
    const line = JSON.parse((await t.admin().get('/admin/api/export?format=jsonl')).text.trim());
    for (const scheme of config) {
      const { shape, storage } = schemeTypeOf(scheme.annotation_type);
      if (storage === 'none') {
        expect(line.labels[scheme.name], scheme.name).toBeUndefined();
        continue;
      }
      const answer =
        storage === 'spans'
          ? line.spans.filter((s: { schema: string }) => s.schema === scheme.name)
          : line.labels[scheme.name];
      expect(answer, scheme.name).toBeDefined();
      const parsed = shape.answer!.safeParse(answer);
      expect(parsed.success, `${scheme.name}: ${JSON.stringify(answer)} ${parsed.error?.message ?? ''}`).toBe(true);
    }
    // and a wrong shape is not accepted by the description: it can tell them apart
    expect(schemeTypeOf('bws').shape.answer!.safeParse(['A', 'B']).success).toBe(false);
    expect(schemeTypeOf('ranking').shape.answer!.safeParse({ R1: 1 }).success).toBe(false);
  });
});
