/**
 * A span's target_field in what is taken in besides submissions, over real HTTP with real files: Potato's saved
 * user states keep it (a span in a span_target field lands in that field), and pre-annotation imports may name it;
 * both under the API's one rule, so a field that is no span target, or another field than the scheme's own
 * target_field, is refused naming target_field (the user state kept out whole, the import a 400).
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { quietLogger, startServer } from '../../helpers/server.js';
import { tempDir } from '../../helpers/temp-dir.js';

const PREMISE = 'Rain fell all day in the valley.';
const HYPOTHESIS = 'The valley was dry.';
const at = (text: string, word: string) => ({ start: text.indexOf(word), end: text.indexOf(word) + word.length });

const config = {
  require_password: false,
  output_annotation_dir: 'potato_out',
  instance_display: {
    fields: [
      { key: 'text', type: 'text', label: 'Premise', span_target: true },
      { key: 'hypothesis', type: 'text', label: 'Hypothesis', span_target: true },
    ],
  },
  annotation_schemes: [
    { annotation_type: 'span', name: 'claims', target_field: 'hypothesis', labels: ['claim'] },
    { annotation_type: 'span', name: 'any', labels: ['note'] },
  ],
};
const items = [
  { id: 'i1', text: PREMISE, hypothesis: HYPOTHESIS },
  { id: 'i2', text: 'Snow came.', hypothesis: 'It was cold.' },
];

/** A user state as Potato saves it, with spans keyed as its multi-span mode keys them. */
function writeState(dir: string, user: string, spans: unknown[]): string {
  const file = join(dir, 'potato_out', user, 'user_state.json');
  mkdirSync(dirname(file), { recursive: true });
  const state = {
    user_id: user,
    instance_id_ordering: ['i1', 'i2'],
    current_instance_index: 0,
    current_phase_and_page: ['annotation', 'annotation'],
    instance_id_to_span_to_value: { i1: spans },
  };
  writeFileSync(file, JSON.stringify(state));
  return file;
}
const span = (schema: string, name: string, where: { start: number; end: number }, field?: string) => ({
  schema,
  name,
  title: name,
  ...where,
  ...(field === undefined ? {} : { target_field: field }),
});

describe('target_field in user-state intake and pre-annotation imports', () => {
  it("keeps a Potato user state's span in its field, and keeps out a file whose field breaks the API's rule", async () => {
    const dir = tempDir('marginalia-span-target-intake-');
    writeState(dir, 'gina', [
      [span('claims', 'claim', at(HYPOTHESIS, 'dry'), 'hypothesis'), 'dry'],
      [span('any', 'note', at(HYPOTHESIS, 'valley'), 'hypothesis'), 'valley'],
      [span('any', 'note', at(PREMISE, 'Rain')), 'Rain'],
    ]);
    const unknown = writeState(dir, 'hank', [[span('any', 'note', at(HYPOTHESIS, 'dry'), 'summary'), 'dry']]);
    const misplaced = writeState(dir, 'ida', [[span('claims', 'claim', at(PREMISE, 'Rain'), 'text'), 'Rain']]);
    const from = quietLogger.lines.length;
    const t = await startServer({ dir, items, config });
    const log = quietLogger.lines.slice(from);

    const gina = await t.client().login('gina', '');
    const stored = (await gina.get('/get_annotations?instance_id=i1')).body.span_annotations;
    expect(
      stored.map((s: { schema: string; text: string; target_field?: string }) => [s.schema, s.text, s.target_field]),
    ).toEqual([
      ['any', 'Rain', undefined],
      ['any', 'valley', 'hypothesis'],
      ['claims', 'dry', 'hypothesis'],
    ]);
    expect(log).toContainEqual(
      `${unknown} (user "hank"), instance "i1": span any:note [15, 18): target_field: "summary" is not a span target of this task (span_target fields: hypothesis; leave it out for the text field) — nothing of this file was taken in`,
    );
    expect(log).toContainEqual(
      `${misplaced} (user "ida"), instance "i1": span claims:claim [0, 4): target_field: scheme "claims" marks only "hypothesis" (its target_field), not "text" — nothing of this file was taken in`,
    );
    for (const user of ['hank', 'ida']) expect((await t.admin().get(`/admin/user_state/${user}`)).status).toBe(404);
    await t.close();
  }, 60_000);

  it('imports a pre-annotation span in a span target field, shows it with that text, and refuses a bad field by name', async () => {
    const t = await startServer({ items, config });
    const admin = t.admin();
    const claim = { schema: 'claims', label: 'claim', ...at(HYPOTHESIS, 'dry'), target_field: 'hypothesis' };
    const ok = await admin.post('/admin/api/predictions', {
      source: 'model-a',
      predictions: [
        {
          instance_id: 'i1',
          spans: [claim, { schema: 'any', label: 'note', ...at(PREMISE, 'valley'), text: 'valley' }],
        },
      ],
    });
    expect(ok.status, ok.text).toBe(200);
    const alice = await t.client().login('alice', '');
    expect((await alice.get('/api/predictions/i1')).body.predictions[0].spans).toEqual([
      { schema: 'any', label: 'note', ...at(PREMISE, 'valley'), text: 'valley' },
      { ...claim, text: 'dry' },
    ]);

    const refused = async (s: Record<string, unknown>) => {
      const r = await admin.post('/admin/api/predictions', {
        source: 'model-b',
        predictions: [{ instance_id: 'i1', spans: [s] }],
      });
      expect(r.status).toBe(400);
      return r.body.error as string;
    };
    expect(await refused({ ...claim, target_field: 'summary' })).toMatch(
      /spans\[0\]\.target_field: "summary" is not a span target of this task/,
    );
    expect(await refused({ ...claim, target_field: undefined, ...at(PREMISE, 'Rain') })).toMatch(
      /spans\[0\]\.target_field: scheme "claims" marks only "hypothesis" \(its target_field\), not "text"/,
    );
    // the offsets are those of the field named: past the end of the hypothesis, though inside the premise
    expect(await refused({ ...claim, start: 20, end: 25 })).toMatch(/spans\[0\]: offsets must be .*"hypothesis"/);
    expect(await refused({ ...claim, text: 'wet' })).toMatch(/spans\[0\]\.text: "wet" is not the text at/);
    await t.close();
  });
});
