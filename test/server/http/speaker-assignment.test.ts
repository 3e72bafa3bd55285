/**
 * The audio dialogue's speaker assignment (Potato's `<field>_speakers:::_data`) over real HTTP: made for each
 * `audio_dialogue` field, its document stored in canonical form, read back in Potato's shape, exported and kept over
 * a restart; a speaker neither the display, the item's turns nor the answer's roster names, or a turn the item does
 * not have, refused naming the turn; /api/schemas gives the page the display's speakers; `allow_speaker_assignment:
 * false` leaves the scheme unmade.
 */
import { describe, expect, it } from 'vitest';
import { schemeModuleOf } from '../../../server/domain/schemes/registry.js';
import { startServer } from '../../helpers/server.js';
import { writeProject } from '../../helpers/project.js';
import { loadConfig } from '../../../server/index.js';

const turns = [
  { turn_id: 'u0', start: 0, end: 2, text: 'Hello and welcome.' },
  { turn_id: 'u1', start: 2, end: 4, text: 'Glad to be on the show.' },
  { turn_id: 'u2', start: 4, end: 6, speaker: 'producer', text: 'We are rolling.' },
];
const items = [{ id: 'e1', text: 'An episode', talk: { audio: 'https://example.org/e1.mp3', turns } }];
const field = (options: Record<string, unknown> = {}) => ({
  key: 'talk',
  type: 'audio_dialogue',
  label: 'Transcript',
  display_options: { speakers: [{ id: 'host', name: 'Host', side: 'left' }, { id: 'guest' }], ...options },
});
const overall = { annotation_type: 'radio', name: 'overall', description: 'Good?', labels: ['yes', 'no'] };
const config = (options?: Record<string, unknown>) => ({
  annotation_schemes: [overall],
  instance_display: { fields: [{ key: 'text', type: 'text' }, field(options)] },
});
const doc = (body: Record<string, unknown>) => JSON.stringify({ v: 1, schema_type: 'speaker_assignment', ...body });

describe('audio dialogue speaker assignment', () => {
  it('stores the speakers by turn, reads them back, exports them and keeps them over a restart', async () => {
    const t = await startServer({ items, config: { ...config(), pocket: { enabled: true } } });
    const c = await t.client().login('ann');
    const sent = await c.post('/updateinstance', {
      instance_id: 'e1',
      annotations: {
        'talk_speakers:::_data': doc({
          turns: { u0: { speaker: 'host' }, u1: { speaker: 'cohost' }, u2: { speaker: null } },
          roster: { cohost: { name: 'Co-host', color: '#123456', side: 'right' } },
        }),
        'overall:::yes': 'yes',
      },
      span_annotations: [],
    });
    expect(sent.status, sent.text).toBe(200);
    const got = (await c.get('/get_annotations?instance_id=e1')).body;
    expect(got.label_annotations).toEqual({ talk_speakers: ['_data'], overall: ['yes'] });
    const stored = {
      v: 1,
      schema_type: 'speaker_assignment',
      turns: { u0: { speaker: 'host' }, u1: { speaker: 'cohost' }, u2: { speaker: null } },
      roster: { cohost: { name: 'Co-host', color: '#123456', side: 'right' } },
    };
    expect(JSON.parse(got.annotations['talk_speakers:_data'])).toEqual(stored);
    // the page is given the scheme with the display's speakers (names, sides) to offer; the card stack has no widget
    const schemes = (await c.get('/api/schemas')).body;
    expect(Object.keys(schemes)).toEqual(['overall', 'talk_speakers']);
    expect(schemes.talk_speakers.speaker_assignment).toEqual({
      field: 'talk',
      speakers: [{ id: 'host', name: 'Host', side: 'left' }, { id: 'guest' }],
      turnsKey: 'turns',
      speakerKey: 'speaker',
    });
    const pocket = (await c.get('/pocket/api/task')).body;
    expect(pocket.schemas.map((x: { name: string }) => x.name)).toEqual(['overall']);

    const line = JSON.parse((await t.admin().get('/admin/api/export?format=jsonl')).text.trim());
    expect(line.labels.talk_speakers).toEqual(stored);

    const again = await t.restart();
    const after = (await (await again.client().login('ann')).get('/get_annotations?instance_id=e1')).body;
    expect(after.annotations).toEqual(got.annotations);
  });

  it('takes a speaker of the display, of the item’s turns or of the roster; refuses others and stray turns naming the turn', async () => {
    const t = await startServer({ items, config: config() });
    const c = await t.client().login('ann');
    const post = (body: Record<string, unknown>) =>
      c.post('/updateinstance', { instance_id: 'e1', annotations: { 'talk_speakers:::_data': doc(body) } });
    const good = await post({ turns: { u0: { speaker: 'guest' }, u1: { speaker: 'producer' } } });
    expect(good.status, good.text).toBe(200);
    // the module's example (what a config check sends) is an answer the server takes
    const scheme = loadConfig(t.configFile, {}).task.schemeByName.get('talk_speakers')!;
    const example = schemeModuleOf(scheme).example!(scheme, items[0]);
    const tried = await c.post('/updateinstance', {
      instance_id: 'e1',
      annotations: Object.fromEntries(Object.entries(example).map(([l, v]) => [`talk_speakers:${l}`, v])),
    });
    expect(tried.status, tried.text).toBe(200);
    const accepted = await post({ turns: { u0: { speaker: 'guest' }, u1: { speaker: 'producer' } } });
    expect(accepted.status).toBe(200);

    const refusals: [Record<string, unknown>, string][] = [
      [
        { turns: { u0: { speaker: 'host' }, u1: { speaker: 'stranger' } } },
        'annotations["talk_speakers:_data"]: turns.u1.speaker: "stranger" is not a speaker of "talk" (the display\'s speakers, the item\'s turns or the answer\'s roster)',
      ],
      [
        { turns: { u9: { speaker: 'host' } } },
        'annotations["talk_speakers:_data"]: turns.u9: the item\'s "talk" has no turn u9',
      ],
      [
        { turns: { u0: { speaker: 7 } } },
        'annotations["talk_speakers:::_data"]: turns.u0.speaker: expected a speaker id or null (unassigned)',
      ],
      [
        { turns: { u0: 'host' } },
        'annotations["talk_speakers:::_data"]: turns.u0: expected {"speaker": "<id>"} or {"speaker": null}',
      ],
      [{ turns: {}, roster: { x: { side: 'up' } } }, 'annotations["talk_speakers:::_data"]: roster.x.side: '],
    ];
    for (const [body, error] of refusals) {
      const r = await post(body);
      expect(r.status, JSON.stringify(body)).toBe(400);
      expect(r.body.error).toContain(error);
    }
    const kept = (await c.get('/get_annotations?instance_id=e1')).body.annotations['talk_speakers:_data'];
    expect(JSON.parse(kept).turns).toEqual({ u0: { speaker: 'guest' }, u1: { speaker: 'producer' } });
  });

  it('allow_speaker_assignment: false makes no scheme (its answer is an unknown scheme); a bad value is warned about', async () => {
    const t = await startServer({ items, config: config({ allow_speaker_assignment: false }) });
    const c = await t.client().login('ann');
    const r = await c.post('/updateinstance', {
      instance_id: 'e1',
      annotations: { 'talk_speakers:::_data': doc({ turns: { u0: { speaker: 'host' } } }) },
    });
    expect(r.status).toBe(400);
    expect(r.body.error).toMatch(/unknown scheme "talk_speakers"/);

    const load = (c: Record<string, unknown>) => loadConfig(writeProject({ items, config: c }), {}).warnings.join('\n');
    expect(load(config({ allow_speaker_assignment: 'sometimes' }))).toMatch(
      /display_options\.allow_speaker_assignment: expected true or false; speakers may be assigned/,
    );
    expect(load(config())).not.toMatch(/speaker/);
    expect(load(config({ speakers: [{ id: 'host', side: 'middle' }, { name: 'No id' }] }))).toMatch(
      /speakers\[0\]\.side: expected left or right[^]*speakers\[1\]: expected \{id, name, color, side\} with an id/,
    );
    const clash = { ...config(), annotation_schemes: [overall, { ...overall, name: 'talk_speakers' }] };
    expect(load(clash)).toMatch(/"talk_speakers" is the name of the speaker assignment Potato makes for "talk"/);
  });
});
