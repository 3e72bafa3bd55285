/** The distances agreement takes between structured answers: link and event F1, MUC on chains, edits, tree nodes. */
import { describe, expect, it } from 'vitest';
import {
  CHAIN_MUC,
  EVENT_F1,
  LINK_F1,
  editDistance,
  f1Distance,
  mucDistance,
  nodeDistance,
  nodeKey,
} from '../../../../server/domain/schemes/structure-agreement.js';
import type { Scheme } from '../../../../server/domain/task.js';

const scheme = (name: string): Scheme => ({
  name,
  annotation_type: 'span_link',
  description: '',
  labels: [],
  extra: {},
});
const stored = (name: string, entries: unknown[]) => ({ [name]: JSON.stringify(entries) });
const link = (type: string, direction: string, ...spans: string[]) => ({
  id: 'x',
  link_type: type,
  span_ids: spans,
  direction,
});

describe('link F1', () => {
  const key = (...links: ReturnType<typeof link>[]) => LINK_F1.value!(scheme('rel'), stored('rel', links)) as string;

  it('compares links by type and by where their spans are, not by span label or link id', () => {
    const a = key(
      link('KNOWS', 'undirected', 'ents_PER_0_3', 'ents_PER_10_15'),
      link('IN', 'directed', 'ents_PER_0_3', 'ents_LOC_20_26'),
    );
    // the same links with other span labels, another id and the undirected link's spans the other way round
    const b = key(
      { ...link('IN', 'directed', 'ents_ORG_0_3', 'ents_LOC_20_26'), id: 'y' },
      link('KNOWS', 'undirected', 'ents_PER_10_15', 'ents_PER_0_3'),
    );
    expect(a).toBe(b);
    expect(f1Distance(a, b)).toBe(0);
    // a directed link the other way round is another link: one of two in common, F1 = 1/2
    const c = key(
      link('KNOWS', 'undirected', 'ents_PER_0_3', 'ents_PER_10_15'),
      link('IN', 'directed', 'ents_LOC_20_26', 'ents_PER_0_3'),
    );
    expect(f1Distance(a, c)).toBeCloseTo(0.5, 12);
    // one link of three in common: F1 = 2·1 / (2 + 1)
    expect(f1Distance(a, key(link('KNOWS', 'undirected', 'ents_PER_0_3', 'ents_PER_10_15')))).toBeCloseTo(
      1 - 2 / 3,
      12,
    );
    expect(f1Distance(a, key(link('OTHER', 'undirected', 'ents_PER_0_3', 'ents_PER_10_15')))).toBe(1);
  });

  it('reads no answer where the scheme has no links', () => {
    expect(LINK_F1.value!(scheme('rel'), {})).toBeUndefined();
    expect(LINK_F1.value!(scheme('rel'), stored('rel', []))).toBeUndefined();
  });
});

describe('event F1', () => {
  const key = (...events: unknown[]) => EVENT_F1.value!(scheme('ev'), stored('ev', events)) as string;
  const attack = (args: { role: string; span_id: string }[]) => ({
    id: 'e',
    event_type: 'ATTACK',
    trigger_span_id: 'ents_TRIG_5_9',
    arguments: args,
  });

  it('gives credit for the trigger and for each argument', () => {
    const full = key(
      attack([
        { role: 'attacker', span_id: 'ents_PER_0_3' },
        { role: 'target', span_id: 'ents_PER_12_15' },
      ]),
    );
    const partial = key(attack([{ role: 'attacker', span_id: 'ents_PER_0_3' }]));
    // facts: trigger, attacker, target against trigger, attacker: F1 = 2·2 / (3 + 2)
    expect(f1Distance(full, partial)).toBeCloseTo(1 - 4 / 5, 12);
    expect(f1Distance(full, key({ ...attack([]), event_type: 'MEET' }))).toBe(1);
    expect(f1Distance(full, full)).toBe(0);
  });
});

describe('MUC chain agreement', () => {
  const key = (...chains: string[][]) =>
    CHAIN_MUC.value!(
      scheme('coref'),
      stored(
        'coref',
        chains.map((spans) => ({ id: 'c', link_type: 'coreference', span_ids: spans, direction: 'undirected' })),
      ),
    ) as string;
  const m = (n: number) => `ents_M_${n}_${n + 1}`;

  it("matches Vilain et al.'s worked example: key {A B C D}, response {A B} {C D}: recall 2/3, precision 1", () => {
    const k = key([m(1), m(2), m(3), m(4)]);
    const r = key([m(1), m(2)], [m(3), m(4)]);
    const f1 = (2 * (2 / 3) * 1) / (2 / 3 + 1);
    expect(mucDistance(k, r)).toBeCloseTo(1 - f1, 12);
    expect(mucDistance(r, k)).toBeCloseTo(1 - f1, 12); // symmetric
  });

  it('counts a mention the other answer leaves out as standing alone', () => {
    // key {A B C}; response {A B}: C alone, so the key chain falls into two parts: recall 1/2, precision 1
    expect(mucDistance(key([m(1), m(2), m(3)]), key([m(1), m(2)]))).toBeCloseTo(1 - (2 * 0.5) / 1.5, 12);
  });

  it('does not depend on the order of chains or mentions, and singletons carry no links', () => {
    expect(key([m(2), m(1)], [m(4), m(3)])).toBe(key([m(3), m(4)], [m(1), m(2)]));
    expect(mucDistance(key([m(1)], [m(2)]), key([m(3)]))).toBe(0);
    expect(mucDistance(key([m(1)], [m(2)]), key([m(1), m(2)]))).toBe(1);
    expect(mucDistance(key([m(1), m(2)]), key([m(3), m(4)]))).toBe(1);
  });
});

describe('edit distance', () => {
  it('is the character Levenshtein distance over the longer text', () => {
    expect(editDistance('the cat sits', 'the cat sat')).toBeCloseTo(2 / 12, 12);
    expect(editDistance('', '')).toBe(0);
    expect(editDistance('abc', '')).toBe(1);
    expect(editDistance('same', 'same')).toBe(0);
  });
});

describe('per-node tree agreement', () => {
  it('is the share of nodes (and the path) on which two answers differ', () => {
    const a = nodeKey({ r1: '3', r2: '1' }, ['root', 'r1'])!;
    expect(nodeKey({ r2: '1', r1: '3' }, ['root', 'r1'])).toBe(a); // node order does not matter
    expect(nodeDistance(a, a)).toBe(0);
    // r1 differs, r2 agrees, the path agrees: 1 of 3
    expect(nodeDistance(a, nodeKey({ r1: '2', r2: '1' }, ['root', 'r1'])!)).toBeCloseTo(1 / 3, 12);
    // r3 answered by one only, the path differs: r3 and the path of r1, r2, r3 and the path
    expect(nodeDistance(a, nodeKey({ r1: '3', r2: '1', r3: '2' }, ['root', 'r2'])!)).toBeCloseTo(2 / 4, 12);
    // answers of other shapes are compared whole
    expect(nodeDistance(nodeKey({ r1: ['rude', 'off'] }, undefined)!, nodeKey({ r1: ['rude'] }, undefined)!)).toBe(1);
    expect(nodeKey({}, undefined)).toBeUndefined();
    expect(nodeKey(undefined, [])).toBeUndefined();
  });
});
