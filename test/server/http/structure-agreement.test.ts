/**
 * Agreement on structured answers over real HTTP: links, coreference chains, events, post-edits and per-node tree
 * answers sent by three annotators through /updateinstance, and the report's alpha matching the pure module's
 * alpha over the same answers with each type's distance.
 */
import { describe, expect, it } from 'vitest';
import { krippendorffAlpha } from '../../helpers/reference-measures.js';
import {
  CHAIN_MUC,
  editDistance,
  mucDistance,
  nodeDistance,
  nodeKey,
} from '../../../server/domain/schemes/structure-agreement.js';
import type { Scheme } from '../../../server/domain/task.js';
import { startServer } from '../../helpers/server.js';

const TEXT = 'Ada met Bob in Rome. She liked him.';
const at = (phrase: string) => ({ start: TEXT.indexOf(phrase), end: TEXT.indexOf(phrase) + phrase.length });
const LABEL: Record<string, string> = {
  Ada: 'PER',
  Bob: 'PER',
  She: 'PER',
  him: 'PER',
  Rome: 'LOC',
  met: 'TRIG',
  liked: 'TRIG',
};
const tree = {
  id: 'root',
  speaker: 'User',
  text: 'Hi',
  children: [
    { id: 'r1', speaker: 'Bot', text: 'Hello', children: [] },
    { id: 'r2', speaker: 'Bot', text: 'Go away', children: [] },
  ],
};
const ITEMS = ['d1', 'd2'].map((id) => ({ id, text: TEXT, mt: 'Ada meet Bob in Rome.', tree }));

const SCHEMES = [
  { annotation_type: 'span', name: 'ents', labels: ['PER', 'LOC', 'TRIG'] },
  {
    annotation_type: 'span_link',
    name: 'rel',
    span_schema: 'ents',
    link_types: [
      { name: 'MET', directed: false },
      { name: 'IN', directed: true },
    ],
  },
  { annotation_type: 'coreference', name: 'coref', span_schema: 'ents' },
  {
    annotation_type: 'event_annotation',
    name: 'ev',
    span_schema: 'ents',
    event_types: [{ type: 'MEET', arguments: [{ role: 'who' }, { role: 'whom' }, { role: 'where' }] }],
  },
  { annotation_type: 'text_edit', name: 'post', source_field: 'mt' },
  {
    annotation_type: 'tree_annotation',
    name: 'turns',
    node_scheme: { annotation_type: 'radio', labels: ['good', 'bad'] },
    path_selection: { enabled: true },
  },
];

interface Answer {
  links: [type: string, from: string, to: string][];
  chains: string[][];
  events: { trigger: string; args: [role: string, phrase: string][] }[];
  edit: string;
  nodes: Record<string, string>;
  path: string[];
}

// what each annotator says about each item (carol leaves d2 alone)
const ANSWERS: Record<string, Record<string, Answer>> = {
  alice: {
    d1: {
      links: [
        ['MET', 'Ada', 'Bob'],
        ['IN', 'Ada', 'Rome'],
      ],
      chains: [
        ['Ada', 'She'],
        ['Bob', 'him'],
      ],
      events: [
        {
          trigger: 'met',
          args: [
            ['who', 'Ada'],
            ['whom', 'Bob'],
            ['where', 'Rome'],
          ],
        },
      ],
      edit: 'Ada met Bob in Rome.',
      nodes: { r1: 'good', r2: 'bad' },
      path: ['root', 'r1'],
    },
    d2: {
      links: [['MET', 'Ada', 'Bob']],
      chains: [['Ada', 'She', 'him']],
      events: [{ trigger: 'met', args: [['who', 'Ada']] }],
      edit: 'Ada met Bob in Rome.',
      nodes: { r1: 'good' },
      path: ['root', 'r1'],
    },
  },
  bob: {
    d1: {
      links: [
        ['MET', 'Bob', 'Ada'],
        ['IN', 'Rome', 'Ada'],
      ],
      chains: [
        ['Ada', 'She'],
        ['Bob', 'him'],
      ],
      events: [
        {
          trigger: 'met',
          args: [
            ['who', 'Ada'],
            ['whom', 'Bob'],
          ],
        },
      ],
      edit: 'Ada meets Bob in Rome.',
      nodes: { r1: 'good', r2: 'bad' },
      path: ['root', 'r2'],
    },
    d2: {
      links: [
        ['MET', 'Ada', 'Bob'],
        ['IN', 'Bob', 'Rome'],
      ],
      chains: [
        ['Ada', 'She'],
        ['Bob', 'him'],
      ],
      events: [{ trigger: 'met', args: [['who', 'Ada']] }],
      edit: 'Ada met Bob in Rome.',
      nodes: { r1: 'bad' },
      path: ['root', 'r1'],
    },
  },
  carol: {
    d1: {
      links: [['MET', 'Ada', 'Bob']],
      chains: [['Ada', 'She', 'Bob', 'him']],
      events: [{ trigger: 'liked', args: [['who', 'She']] }],
      edit: 'Ada met with Bob in Rome.',
      nodes: { r1: 'good', r2: 'good' },
      path: ['root', 'r1'],
    },
  },
};

const spanId = (phrase: string) => `ents_${LABEL[phrase]}_${at(phrase).start}_${at(phrase).end}`;
const place = (phrase: string) => `${at(phrase).start}-${at(phrase).end}`;

function submission(id: string, a: Answer) {
  return {
    instance_id: id,
    annotations: {
      'post:post': JSON.stringify({ edited_text: a.edit, original_text: ITEMS[0].mt }),
      'turns:node_annotations': JSON.stringify(a.nodes),
      'turns:selected_path': JSON.stringify(a.path),
    },
    span_annotations: Object.keys(LABEL).map((phrase) => ({
      schema: 'ents',
      name: LABEL[phrase],
      ...at(phrase),
      id: phrase,
    })),
    link_annotations: [
      ...a.links.map(([type, from, to]) => ({ schema: 'rel', link_type: type, span_ids: [from, to] })),
      ...a.chains.map((mentions) => ({ schema: 'coref', link_type: 'coreference', span_ids: mentions })),
    ],
    event_annotations: a.events.map((e) => ({
      schema: 'ev',
      event_type: 'MEET',
      trigger_span_id: e.trigger,
      arguments: e.args.map(([role, phrase]) => ({ role, span_id: phrase })),
    })),
  };
}

/** The reliability data (annotators × items) of one scheme. */
const matrix = <V>(pick: (a: Answer) => V) =>
  Object.values(ANSWERS).map((mine) => ITEMS.map((item) => (mine[item.id] ? pick(mine[item.id]) : null)));

/** 1 − F1 between two lists of facts. */
const dice = (x: string[], y: string[]) => 1 - (2 * x.filter((f) => y.includes(f)).length) / (x.length + y.length);
const linkFacts = (a: Answer) =>
  a.links.map(([type, from, to]) =>
    type === 'MET' ? `${type} ${[place(from), place(to)].sort().join(' ')}` : `${type} ${place(from)} ${place(to)}`,
  );
const eventFacts = (a: Answer) =>
  a.events.flatMap((e) => [
    `MEET ${place(e.trigger)}`,
    ...e.args.map(([role, phrase]) => `MEET ${place(e.trigger)} ${role} ${place(phrase)}`),
  ]);
const chainKey = (a: Answer) =>
  CHAIN_MUC.value!({ name: 'coref' } as Scheme, {
    coref: JSON.stringify(a.chains.map((m) => ({ span_ids: m.map(spanId) }))),
  }) as string;
const byKey = (v: string[]) => [...v].sort().join('\n');

describe('agreement on structured answers', () => {
  it('reports alpha with link F1, MUC, event F1, edit distance and per-node distance, matching the pure module', async () => {
    const t = await startServer({ items: ITEMS, config: { annotation_schemes: SCHEMES, num_annotators_per_item: 3 } });
    for (const [name, mine] of Object.entries(ANSWERS)) {
      const client = await t.client().login(name);
      for (const [id, answer] of Object.entries(mine)) {
        const r = await client.post('/updateinstance', submission(id, answer));
        expect(r.status, r.text).toBe(200);
      }
    }
    const { by_schema } = (await t.admin().get('/admin/api/agreement?fresh=true')).body;
    const expected = {
      rel: ['link_f1', krippendorffAlpha(matrix(linkFacts), dice, byKey)],
      coref: ['chain_muc', krippendorffAlpha(matrix(chainKey), mucDistance)],
      ev: ['event_f1', krippendorffAlpha(matrix(eventFacts), dice, byKey)],
      post: [
        'edit_distance',
        krippendorffAlpha(
          matrix((a) => a.edit),
          editDistance,
        ),
      ],
      turns: [
        'per_node',
        krippendorffAlpha(
          matrix((a) => nodeKey(a.nodes, a.path)!),
          nodeDistance,
        ),
      ],
    } as const;
    for (const [scheme, [level, alpha]] of Object.entries(expected)) {
      expect(by_schema[scheme], scheme).toMatchObject({
        level,
        items_evaluated: 2,
        annotators: 3,
        interpretation: expect.any(String),
      });
      expect(by_schema[scheme].krippendorff_alpha, scheme).toBeCloseTo(alpha, 12);
    }
    // the measures see what differs: alice and bob agree on d1's undirected link and both chains, not on the rest
    expect(new Set(Object.values(expected).map(([, alpha]) => alpha.toFixed(6))).size).toBe(5);
  });
});
