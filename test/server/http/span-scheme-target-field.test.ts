/**
 * A span scheme's `target_field` (Potato's): its spans go in that one field. Read at start-up (an unknown field
 * stops it, naming the key), given in /api/schemas, and over real HTTP a span of the scheme in another field is
 * refused with a 400 naming target_field, while a scheme without it marks any span target.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/index.js';
import { writeProject } from '../../helpers/project.js';
import { startServer, type TestServer } from '../../helpers/server.js';

const PREMISE = 'Rain fell all day in the valley.';
const HYPOTHESIS = 'The valley was dry.';
const at = (text: string, word: string) => ({ start: text.indexOf(word), end: text.indexOf(word) + word.length });

const fields = [
  { key: 'text', type: 'text', label: 'Premise', span_target: true },
  { key: 'hypothesis', type: 'text', label: 'Hypothesis', span_target: true },
];
const schemes = (target: unknown) => [
  { annotation_type: 'span', name: 'claims', target_field: target, labels: ['claim'] },
  { annotation_type: 'span', name: 'cues', target_field: 'text', labels: ['cue'] },
  { annotation_type: 'span', name: 'any', labels: ['note'] },
];
const project = (target: unknown = 'hypothesis') => ({
  config: { instance_display: { fields }, annotation_schemes: schemes(target) },
  items: [{ id: 'i1', text: PREMISE, hypothesis: HYPOTHESIS }],
});

describe("a span scheme's target_field", () => {
  it('is read without a warning when it names a span target or the text field', () => {
    const c = loadConfig(writeProject(project()), {});
    expect(c.task.schemes.map((s) => s.target_field)).toEqual(['hypothesis', 'text', undefined]);
    expect(c.warnings.filter((w) => w.includes('target_field'))).toEqual([]);
  });

  it('stops start-up naming the key when the field is no span target', () => {
    expect(() => loadConfig(writeProject(project('summary')), {})).toThrow(
      'annotation_schemes[0] (claims).target_field: "summary" is neither the text field "text" nor a span_target field of instance_display (text, hypothesis)',
    );
    const noTargets = { ...project(), config: { annotation_schemes: schemes('hypothesis') } };
    expect(() => loadConfig(writeProject(noTargets), {})).toThrow(
      /annotation_schemes\[0\] \(claims\)\.target_field: "hypothesis" is neither the text field "text" nor a span_target field of instance_display$/,
    );
    expect(() => loadConfig(writeProject(project(3)), {})).toThrow(/annotation_schemes\[0\]\.target_field/);
  });

  describe('over HTTP', () => {
    let t: TestServer;
    beforeAll(async () => {
      t = await startServer(project());
    });
    afterAll(() => t.close());

    it('gives the field in /api/schemas', async () => {
      const c = await t.client().login('ann');
      const body = (await c.get('/api/schemas')).body;
      expect([body.claims.target_field, body.cues.target_field, body.any.target_field]).toEqual([
        'hypothesis',
        'text',
        undefined,
      ]);
    });

    it('keeps a span of the scheme in its field and refuses it in another, naming target_field', async () => {
      const c = await t.client().login('bob');
      const send = (...spans: Record<string, unknown>[]) =>
        c.post('/updateinstance', { instance_id: 'i1', span_annotations: spans });
      const dry = { schema: 'claims', name: 'claim', ...at(HYPOTHESIS, 'dry'), target_field: 'hypothesis' };
      const rain = { schema: 'cues', name: 'cue', ...at(PREMISE, 'Rain') };
      const note = { schema: 'any', name: 'note', ...at(HYPOTHESIS, 'valley'), target_field: 'hypothesis' };
      const ok = await send(dry, rain, note, { ...rain, target_field: 'text' });
      expect(ok.status, ok.text).toBe(200);
      const stored = (await c.get('/get_annotations?instance_id=i1')).body.span_annotations;
      expect(stored.map((s: { schema: string; text: string }) => [s.schema, s.text])).toEqual([
        ['cues', 'Rain'],
        ['any', 'valley'],
        ['claims', 'dry'],
      ]);

      const inText = await send(rain, { schema: 'claims', name: 'claim', ...at(PREMISE, 'Rain') });
      expect([inText.status, inText.body.error]).toEqual([
        400,
        'span_annotations[1].target_field: scheme "claims" marks only "hypothesis" (its target_field), not "text"',
      ]);
      const inOther = await send({ ...rain, target_field: 'hypothesis', ...at(HYPOTHESIS, 'The') });
      expect([inOther.status, inOther.body.error]).toEqual([
        400,
        'span_annotations[0].target_field: scheme "cues" marks only "text" (its target_field), not "hypothesis"',
      ]);
      // Potato's page shape is held to it too
      const page = await c.post('/updateinstance', {
        instance_id: 'i1',
        type: 'span',
        schema: 'claims',
        state: [{ name: 'claim', ...at(PREMISE, 'Rain'), value: 'Rain' }],
      });
      expect(page.status).toBe(400);
      expect(page.body.error).toMatch(/target_field: scheme "claims" marks only "hypothesis"/);
      expect((await c.get('/get_annotations?instance_id=i1')).body.span_annotations).toEqual(stored);
    });
  });
});
