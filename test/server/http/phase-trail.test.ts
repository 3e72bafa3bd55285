/**
 * The answer trail of phase pages and Potato's change reports (/api/track_annotation_change), over real HTTP:
 * every saved change on a consent or survey page is kept with its phase and page.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { sampleItems } from '../../helpers/project.js';

const PAGE = '__phase_page__';
const files = {
  'consent.json': JSON.stringify([
    {
      annotation_type: 'radio',
      name: 'consent_given',
      labels: ['Yes', 'No'],
      label_requirement: { required_label: 'Yes' },
    },
  ]),
  'prestudy.json': JSON.stringify([
    { annotation_type: 'likert', name: 'familiarity', size: 5, min_label: 'none', max_label: 'expert' },
    { annotation_type: 'text', name: 'job' },
  ]),
};
const study = {
  items: sampleItems(2),
  files,
  config: {
    phases: {
      order: ['consent', 'prestudy', 'annotation'],
      consent: { type: 'consent', file: 'consent.json' },
      prestudy: { type: 'prestudy', file: 'prestudy.json' },
    },
  },
};
const trail = async (c: { get(p: string): Promise<{ body: { annotation_changes: unknown[] } }> }) =>
  (await c.get(`/api/behavioral_data/${PAGE}`)).body.annotation_changes;

describe('the answer trail of phase pages', () => {
  it('keeps each saved change with its phase and page, a changed choice with the one it replaced', async () => {
    const t = await startServer(study);
    const c = await t.client().login('ann', 'pw-123456');
    // Potato's page reports the change, then saves the page: the same change is recorded once
    const tracked = await c.post('/api/track_annotation_change', {
      instance_id: PAGE,
      schema_name: 'consent_given',
      label_name: 'No',
      new_value: 'No',
      action: 'select',
      source: 'user',
    });
    expect(tracked.status).toBe(200);
    expect(tracked.body).toEqual({ status: 'ok' });
    await c.post('/updateinstance', { instance_id: PAGE, annotations: { 'consent_given:No': 'No' } });
    await c.post('/updateinstance', { instance_id: PAGE, annotations: { 'consent_given:Yes': 'Yes' } });
    expect((await c.post('/consent', {})).status).toBe(200);
    await c.post('/updateinstance', {
      instance_id: PAGE,
      annotations: { 'familiarity:4': '4', 'job:text_box': 'nurse' },
    });
    expect(await trail(c)).toEqual([
      expect.objectContaining({
        schema_name: 'consent_given',
        label_name: 'No',
        old_label: null,
        new_value: 'No',
        action: 'select',
        phase: 'consent',
        page: 'consent',
      }),
      expect.objectContaining({
        schema_name: 'consent_given',
        label_name: 'Yes',
        old_label: 'No',
        old_value: 'No',
        new_value: 'Yes',
        action: 'select',
        phase: 'consent',
      }),
      expect.objectContaining({
        schema_name: 'familiarity',
        label_name: '4',
        new_value: '4',
        phase: 'prestudy',
        page: 'prestudy',
      }),
      expect.objectContaining({ schema_name: 'job', label_name: 'job', new_value: 'nurse', phase: 'prestudy' }),
    ]);
    // a deselect report clears the answer, and the trail says so
    await c.post('/api/track_annotation_change', {
      instance_id: PAGE,
      schema_name: 'familiarity',
      label_name: '4',
      action: 'deselect',
    });
    expect((await c.get('/api/phase')).body.saved_answers).toEqual({ job: 'nurse' });
    expect((await trail(c)).at(-1)).toMatchObject({
      schema_name: 'familiarity',
      old_value: '4',
      new_value: null,
      action: 'deselect',
    });
    // kept across a restart, and each annotator reads only their own
    const again = await t.restart();
    const back = await again.client().login('ann', 'pw-123456');
    expect(await trail(back)).toHaveLength(5);
    const other = await again.client().login('bo', 'pw-123456');
    expect(await trail(other)).toEqual([]);
  });

  it('on an item, a change report is saved as that change; bad reports are refused naming the field', async () => {
    const t = await startServer({ items: sampleItems(2) });
    const c = await t.client().login('ann', 'pw-123456');
    const r = await c.post('/api/track_annotation_change', {
      instance_id: 'item-1',
      schema_name: 'sentiment',
      label_name: 'positive',
      new_value: 'positive',
      action: 'select',
    });
    expect(r.status).toBe(200);
    expect((await c.get('/get_annotations?instance_id=item-1')).body.label_annotations).toEqual({
      sentiment: ['positive'],
    });
    expect((await c.get('/api/behavioral_data/item-1')).body.annotation_changes).toEqual([
      expect.objectContaining({ schema_name: 'sentiment', label_name: 'positive', phase: 'annotation', page: null }),
    ]);
    for (const [body, error] of [
      [{ instance_id: 'item-1', label_name: 'x', action: 'select' }, /^schema_name: /],
      [{ instance_id: 'item-1', schema_name: 'sentiment', action: 'poke' }, /^action: must be select, deselect/],
      [
        { instance_id: 'item-1', schema_name: 'sentiment', label_name: 'great', action: 'select' },
        /has no label "great"/,
      ],
      [
        { instance_id: 'item-1', schema_name: 'nope', label_name: 'x', action: 'select' },
        /^schema: unknown scheme "nope"/,
      ],
      [
        { instance_id: 'item-1', schema_name: 'evidence', label_name: 'pos', new_value: 'pos', action: 'select' },
        /^schema_name: "evidence" marks spans, and a change report carries no offsets/,
      ],
    ] as const) {
      const bad = await c.post('/api/track_annotation_change', body);
      expect(bad.status, JSON.stringify(body)).toBe(400);
      expect(bad.body.error).toMatch(error);
    }
    expect((await t.client().post('/api/track_annotation_change', {})).status).toBe(401);
  });
});
