/**
 * The psychometrics read-outs keep their GLAD fit until an answer changes: a second read with nothing changed
 * collects nothing again and answers the same report, and after a change the report is the one a fresh reader
 * fits from the answers as they stand.
 */
import { describe, expect, it } from 'vitest';
import { createTask } from '../../../../server/domain/task.js';
import { Psychometrics, type AnswerReader } from '../../../../server/domain/psychometrics/psychometrics.js';
import { scheme } from '../../../helpers/agreement-schemes.js';

const TASK = createTask(
  [scheme('tone', 'radio', ['good', 'bad'])],
  Array.from({ length: 6 }, (_, i) => ({ id: `i${i}`, text: `item ${i}`, data: {} })),
  {},
);
const SETTINGS = {
  enabled: true,
  schema: 'tone',
  minObservations: 4,
  minAnnotatorsPerItem: 2,
  confidenceThreshold: 0.9,
  costPerJudgment: null,
  discriminationFlagThreshold: -0.3,
  refitInterval: 1,
};

/** Answers in memory, with the reads of chosen labels counted (each fit collects every answer once). */
function answers(initial: [string, string, string][]) {
  const chosen = new Map(initial.map(([user, id, label]) => [`${user}/${id}`, label]));
  let version = 0;
  const reader: AnswerReader & { reads: number; set(user: string, id: string, label: string): void } = {
    reads: 0,
    instanceIds: () => TASK.instances.map((i) => i.id),
    annotatorsOf: (id) =>
      new Set([...chosen.keys()].filter((k) => k.endsWith(`/${id}`)).map((k) => k.slice(0, k.indexOf('/')))),
    chosen(user, id) {
      reader.reads++;
      const label = chosen.get(`${user}/${id}`);
      return label === undefined ? undefined : [label];
    },
    text: (id) => TASK.instanceById.get(id)!.text,
    total: () => chosen.size,
    version: () => version,
    set(user, id, label) {
      chosen.set(`${user}/${id}`, label);
      version++;
    },
  };
  return reader;
}

const START: [string, string, string][] = [
  ['ann', 'i0', 'good'],
  ['bob', 'i0', 'good'],
  ['cy', 'i0', 'bad'],
  ['ann', 'i1', 'bad'],
  ['bob', 'i1', 'bad'],
  ['cy', 'i1', 'bad'],
  ['ann', 'i2', 'good'],
  ['bob', 'i2', 'bad'],
];
const psychometrics = (reader: AnswerReader) =>
  new Psychometrics(
    TASK,
    reader,
    SETTINGS,
    () => 3,
    () => true,
  );

describe('psychometrics read-outs', () => {
  it('fit once while no answer changes, and again, as a fresh fit would, after one does', () => {
    const reader = answers(START);
    const p = psychometrics(reader);
    const first = p.report();
    expect(first.fitted).toBe(true);
    const reads = reader.reads;
    expect(reads).toBeGreaterThan(0);
    expect(p.report()).toEqual(first);
    expect(p.handOutOrder('ann')).toEqual(psychometrics(answers(START)).handOutOrder('ann'));
    expect(reader.reads).toBe(reads); // neither the second report nor the hand-out order collected again

    // an edit keeps the count of answers, so only the version tells the fit is stale
    reader.set('bob', 'i2', 'good');
    const changed = p.report();
    expect(reader.reads).toBeGreaterThan(reads);
    const edited = START.map(([u, id, l]): [string, string, string] => [
      u,
      id,
      u === 'bob' && id === 'i2' ? 'good' : l,
    ]);
    expect(changed).toEqual(psychometrics(answers(edited)).report());
    expect(changed).not.toEqual(first);
  });
});
