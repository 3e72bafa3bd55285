/**
 * Keystroke logging, annotation telemetry and the integrity report over real HTTP (also run on PostgreSQL): what
 * is recorded and what is refused or skipped, the fidelity contract, each annotator's own summaries, the admin
 * rollups and the sessions' export, the bounds on what a page may send, and a restart keeping it all.
 */
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';

const SCHEMES = [
  { annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative'] },
  { annotation_type: 'text', name: 'rationale', description: 'Why?' },
];
const ITEMS = Array.from({ length: 4 }, (_, i) => ({ id: `p${i + 1}`, text: `Passage ${i + 1} to explain.` }));

/** Intervals between keys of a person composing: uneven, with the odd hesitation. */
const HUMAN_GAPS = [110, 180, 95, 260, 140, 420, 130, 210, 170, 650];

/** A typing session: `typedChars` letters, after an optional paste of `paste.chars` from `paste.source`. */
function typing(
  instance: string | null,
  opts: { typedChars?: number; paste?: { chars: number; source: string; awayMs?: number } } = {},
) {
  const events: Record<string, unknown>[] = [{ t_ms: 0, input_type: 'focus', key_class: 'unknown', pos: 0, delta: 0 }];
  let t = 100;
  let pos = 0;
  if (opts.paste?.awayMs) {
    events.push({
      t_ms: t,
      input_type: 'blur',
      key_class: 'unknown',
      pos: 0,
      delta: 0,
      meta: { blur_ms: opts.paste.awayMs },
    });
    t += opts.paste.awayMs;
  }
  if (opts.paste) {
    events.push({
      t_ms: t,
      input_type: 'insertFromPaste',
      key_class: 'unknown',
      pos: 0,
      delta: opts.paste.chars,
      meta: { paste_source: opts.paste.source },
    });
    pos = opts.paste.chars;
    t += 400;
  }
  for (let i = 0; i < (opts.typedChars ?? 60); i++) {
    t += HUMAN_GAPS[i % HUMAN_GAPS.length];
    events.push({ t_ms: t, input_type: 'insertText', key_class: 'letter', pos: pos++, delta: 1 });
  }
  return { schema_name: 'rationale', label_name: 'text', instance_id: instance, final_chars: pos, events };
}

async function project(keystrokes: Record<string, unknown> | undefined, telemetry?: Record<string, unknown>) {
  return startServer({
    config: {
      annotation_schemes: SCHEMES,
      ...(keystrokes ? { keystroke_logging: keystrokes } : {}),
      ...(telemetry ? { annotation_telemetry: telemetry } : {}),
    },
    items: ITEMS,
  });
}

const lines = (text: string) =>
  text
    .trim()
    .split('\n')
    .filter(Boolean)
    .map((l) => JSON.parse(l));

describe('keystroke logging', () => {
  it('records typed sessions, screens them, and shows each annotator their own merged summaries', async () => {
    const t = await project({ enabled: true, detection: { enabled: true } });
    expect((await t.client().post('/api/track_typing', { sessions: [typing('p1')] })).status).toBe(401);
    const ann = await t.client().login('ann');
    expect((await ann.post('/api/track_typing', {})).body.error).toMatch(/^sessions: /);
    expect((await ann.post('/api/track_typing', { instance_id: 'p1', sessions: 'nope' })).status).toBe(400);

    const first = await ann.post('/api/track_typing', { instance_id: 'p1', sessions: [typing('p1')] });
    expect(first.body).toEqual({ status: 'ok', sessions_recorded: 1, skipped: [] });
    // coming back to the field twice more reads as one answer
    for (let i = 0; i < 2; i++) await ann.post('/api/track_typing', { sessions: [typing('p1', { typedChars: 20 })] });
    const mine = await ann.get('/api/typing_summary/p1');
    const field = mine.body.typing_summaries['rationale:::text'];
    expect(field).toMatchObject({ sessions: 3, keystrokes: 100, chars_typed: 100, paste_events: 0 });
    expect(field.verdict).toEqual({ level: 'ok', flag_names: [], flags: [] });
    const ben = await t.client().login('ben');
    expect((await ben.get('/api/typing_summary/p1')).body.typing_summaries).toEqual({});

    // the passage quoted after time away is ordinary; an outside paste after time away is flagged, with evidence
    await ben.post('/api/track_typing', {
      sessions: [typing('p2', { typedChars: 5, paste: { chars: 287, source: 'instance_text', awayMs: 16_000 } })],
    });
    expect((await ben.get('/api/typing_summary/p2')).body.typing_summaries['rationale:::text'].verdict.level).toBe(
      'ok',
    );
    await ben.post('/api/track_typing', {
      sessions: [typing('p3', { typedChars: 5, paste: { chars: 287, source: 'external', awayMs: 16_000 } })],
    });
    const flagged = (await ben.get('/api/typing_summary/p3')).body.typing_summaries['rationale:::text'].verdict;
    expect(flagged.level).toBe('suspect');
    expect(flagged.flag_names).toEqual(['paste_dominant', 'silent_insertion', 'offscreen_composition']);

    expect((await t.client().get('/admin/api/writing_process')).status).toBe(401);
    const rollup = (await t.admin().get('/admin/api/writing_process')).body;
    expect(rollup).toMatchObject({ enabled: true, fidelity: 'events', detection_enabled: true });
    expect(rollup.caveat).toMatch(/not proof/);
    expect(rollup.users.map((u: { user_id: string }) => u.user_id)).toEqual(['ben', 'ann']);
    expect(rollup.users[0].flag_counts).toEqual({ paste_dominant: 1, silent_insertion: 1, offscreen_composition: 1 });
    expect(rollup.users[0].flagged_sessions[0]).toMatchObject({
      instance_id: 'p3',
      schema: 'rationale',
      label: 'text',
      phase: 'annotation',
      evidence: { offscreen_composition: { blur_ms: 16_000, insert_chars: 287 } },
    });
    expect(rollup.summary).toEqual({
      total_users: 2,
      total_sessions: 5,
      users_with_flags: 1,
      flag_totals: { paste_dominant: 1, silent_insertion: 1, offscreen_composition: 1 },
    });

    // Potato's behavioral panel carries the same rollup
    const panel = (await t.admin().get('/admin/api/behavioral_analytics')).body;
    expect(panel.writing_process).toEqual(rollup);
    expect(panel.annotation_process).toMatchObject({ enabled: false, reason: 'annotation_telemetry is not enabled' });

    // the raw streams are kept at events fidelity, content-blind, and survive a restart
    const t2 = await t.restart();
    const exported = await t2.admin().get('/admin/api/process_sessions/typing');
    expect(exported.headers.get('content-type')).toMatch(/application\/x-ndjson/);
    const sessions = lines(exported.text);
    expect(sessions).toHaveLength(5);
    const p3 = sessions.find((x) => x.instance_id === 'p3');
    expect(p3).toMatchObject({ user_id: 'ben', fidelity: 'events', phase: 'annotation' });
    expect(p3.events).toHaveLength(8);
    expect(p3.events[2]).toEqual({
      t_ms: 16_100,
      input_type: 'insertFromPaste',
      key_class: 'unknown',
      pos: 0,
      delta: 287,
      meta: { paste_source: 'external' },
    });
    expect(lines((await t2.admin().get('/admin/api/process_sessions/typing?events=false')).text)[0].events).toBeNull();
    expect((await t2.admin().get('/admin/api/process_sessions/clicks')).status).toBe(404);
  });

  it('keeps phase pages under __phase_page__, skips bad sessions with their reasons, and keeps the good ones', async () => {
    const t = await project({ enabled: true });
    const ann = await t.client().login('ann');
    for (const missing of [null, '', 'null', 'undefined']) {
      const r = await ann.post('/api/track_typing', { instance_id: missing, sessions: [typing(missing)] });
      expect(r.body.sessions_recorded).toBe(1);
    }
    expect(
      (await ann.get('/api/typing_summary/__phase_page__')).body.typing_summaries['rationale:::text'].sessions,
    ).toBe(4);
    const mixed = await ann.post('/api/track_typing', {
      instance_id: 'p1',
      sessions: [
        'not a session',
        { label_name: 'text', events: [] },
        { ...typing('p1'), events: [] },
        { ...typing('p1'), events: [{ t_ms: 'soon', input_type: 'insertText' }] },
        typing('nowhere'),
        { ...typing('p1'), schema_name: 'nope' },
        typing('p1'),
      ],
    });
    expect(mixed.status).toBe(200);
    expect(mixed.body.sessions_recorded).toBe(1);
    expect(mixed.body.skipped).toEqual([
      { index: 0, reason: 'session: must be an object' },
      { index: 1, reason: 'schema_name: give the name' },
      { index: 2, reason: 'events: a session without events records nothing' },
      { index: 3, reason: 'events[0].t_ms: must be a number of milliseconds' },
      { index: 4, reason: expect.stringMatching(/^instance_id: .*nowhere/) },
      { index: 5, reason: 'schema_name: the task has no scheme "nope"' },
    ]);
    const tooMany = await ann.post('/api/track_typing', { sessions: Array.from({ length: 51 }, () => typing('p1')) });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.error).toBe('sessions: at most 50 in one post');
  });

  it('at summary fidelity keeps the figures but no stream; include and exclude scope the schemes', async () => {
    const t = await project({
      enabled: true,
      fidelity: 'summary',
      store_events: true,
      exclude_schemas: ['sentiment'],
      flush_interval_ms: 2000,
      disclosure_text: 'Study 7 records typing timing.',
    });
    const ann = await t.client().login('ann');
    // what the annotate page needs to record
    expect((await ann.get('/api/process_logging')).body).toEqual({
      typing: {
        enabled: true,
        include_schemas: [],
        exclude_schemas: ['sentiment'],
        flush_interval_ms: 2000,
        idle_session_ms: 30_000,
        classify_paste_source: true,
        notice: 'Study 7 records typing timing.',
      },
    });
    const r = await ann.post('/api/track_typing', {
      sessions: [typing('p1'), { ...typing('p1'), schema_name: 'sentiment' }],
    });
    expect(r.body).toEqual({
      status: 'ok',
      sessions_recorded: 1,
      skipped: [{ index: 1, reason: 'schema_name: "sentiment" is not recorded by this project' }],
    });
    const [row] = lines((await t.admin().get('/admin/api/process_sessions/typing')).text);
    expect(row).toMatchObject({ fidelity: 'summary', events: null });
    expect(row.summary.keystrokes).toBe(60);
  });

  it('off unless enabled: a post is answered disabled and nothing is kept', async () => {
    const t = await project(undefined);
    const ann = await t.client().login('ann');
    const r = await ann.post('/api/track_typing', { sessions: [typing('p1')] });
    expect(r.body).toEqual({ status: 'disabled', sessions_recorded: 0, skipped: [] });
    expect((await ann.get('/api/typing_summary/p1')).body.typing_summaries).toEqual({});
    expect((await ann.get('/api/process_logging')).body.typing).toMatchObject({ enabled: false, notice: null });
    const rollup = (await t.admin().get('/admin/api/writing_process')).body;
    expect(rollup).toMatchObject({ enabled: false, users: [], reason: 'keystroke_logging is not enabled' });
    expect((await t.admin().get('/admin/api/process_sessions/typing')).text).toBe('');
  });

  it('refuses an annotator flooding events with a 429, and keeps what came before', async () => {
    const t = await project({ enabled: true });
    const ann = await t.client().login('ann');
    const big = { ...typing('p1', { typedChars: 19_000 }) };
    let refused: { status: number; body: { error: string } } | undefined;
    for (let i = 0; i < 4 && !refused; i++) {
      const r = await ann.post('/api/track_typing', { sessions: [big] });
      if (r.status !== 200) refused = r;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.body.error).toMatch(/^too many interaction events from this annotator/);
    expect((await ann.get('/api/typing_summary/p1')).body.typing_summaries['rationale:::text'].sessions).toBe(2);
    // another annotator has a bucket of their own
    const ben = await t.client().login('ben');
    expect((await ben.post('/api/track_typing', { sessions: [typing('p1')] })).status).toBe(200);
  });
});

describe('annotation telemetry, integrity and soft labels', () => {
  let t: TestServer;

  const accepts = (n: number, latency: number) => [
    { t_ms: 0, action: 'tool', shape: 'unknown', value: 0 },
    ...Array.from({ length: n }, (_, i) => [
      { t_ms: 500 + i * 600, action: 'ai_suggest', shape: 'label', value: 0, meta: { sid: `s${i}` } },
      { t_ms: 500 + i * 600 + latency, action: 'ai_accept', shape: 'label', value: 0, meta: { sid: `s${i}` } },
    ]).flat(),
  ];

  it('pairs AI accepts server-side, ranks the rubber-stamper first, and reports integrity per annotator', async () => {
    t = await project({ enabled: true }, { enabled: true, fidelity: 'events' });
    const stamper = await t.client().login('stamper');
    const careful = await t.client().login('careful');
    const page = [{ t_ms: 0, action: 'tool', shape: 'unknown', value: 0 }];
    // a page view with only its default tool is no work
    const view = await careful.post('/api/track_annotation_telemetry', {
      instance_id: 'p1',
      sessions: [{ schema_name: 'sentiment', events: page }],
    });
    expect(view.body).toMatchObject({
      sessions_recorded: 0,
      skipped: [{ index: 0, reason: expect.stringMatching(/page view/) }],
    });
    const s1 = await stamper.post('/api/track_annotation_telemetry', {
      instance_id: 'p1',
      sessions: [{ schema_name: 'sentiment', events: accepts(8, 120) }],
    });
    expect(s1.body.sessions_recorded).toBe(1);
    await careful.post('/api/track_annotation_telemetry', {
      instance_id: 'p1',
      sessions: [
        {
          schema_name: 'sentiment',
          events: [...accepts(3, 4000), { t_ms: 20_000, action: 'zoom', shape: 'unknown', value: 300 }],
        },
      ],
    });
    const own = (await stamper.get('/api/annotation_telemetry/p1')).body.annotation_telemetry.sentiment;
    expect(own).toMatchObject({ ai_accepted: 8, ai_accept_latency_median_ms: 120 });
    expect(own.verdict.flag_names).toEqual(['rubber_stamping', 'never_zoomed']);
    expect(own.verdict.notes.rubber_stamping).toMatch(/not proof/);

    const rollup = (await t.admin().get('/admin/api/annotation_process')).body;
    expect(rollup.users.map((u: { user_id: string }) => u.user_id)).toEqual(['stamper', 'careful']);
    expect(rollup.users[1]).toMatchObject({ flag_counts: {}, ai_accept_latency_median_ms: 4000 });
    expect(rollup.caveat).toMatch(/not proof/);

    // answers: stamper, careful and dee agree on every item, odd answers against them
    const dee = await t.client().login('dee');
    const odd = await t.client().login('odd');
    for (const [id, label] of [
      ['p1', 'positive'],
      ['p2', 'negative'],
      ['p3', 'positive'],
      ['p4', 'negative'],
    ]) {
      for (const c of [stamper, careful, dee])
        expect(
          (await c.post('/updateinstance', { instance_id: id, annotations: { [`sentiment:${label}`]: 'true' } }))
            .status,
        ).toBe(200);
      const other = label === 'positive' ? 'negative' : 'positive';
      await odd.post('/updateinstance', { instance_id: id, annotations: { [`sentiment:${other}`]: 'true' } });
    }
    expect((await t.client().get('/admin/annotation-integrity')).status).toBe(401);
    expect((await t.client({ 'x-api-key': 'not-the-key' }).get('/admin/annotation-integrity')).status).toBe(403);
    expect((await t.client().get('/admin/annotation-integrity?format=html')).status).toBe(401);
    expect((await t.admin().get('/admin/annotation-integrity?format=pdf')).body.error).toBe(
      'format: must be json or html',
    );
    // Potato's page for a person in a browser: the same figures, the most suspicious annotator first
    const report = await t.admin().get('/admin/annotation-integrity?format=html');
    expect(report.status).toBe(200);
    expect(report.headers.get('content-type')).toMatch(/^text\/html/);
    expect(report.headers.get('content-security-policy')).toBe("default-src 'none'; style-src 'unsafe-inline'");
    expect(report.text).toContain('<h1>Annotation integrity</h1>');
    expect(report.text).toContain('<th>Correlated agreement</th>');
    expect(report.text).toMatch(/<tbody><tr><td>stamper<\/td>/);
    expect(report.text).toContain('<td>rubber_stamping 100%, never_zoomed 100%</td>');
    expect(report.text).toMatch(/<tr><td>odd<\/td><td>4<\/td><td>-0\.\d{3}<\/td>.*?<td>low_signal<\/td><\/tr>/);
    expect(report.text).toContain('not who cheated');
    const integrity = (await t.admin().get('/admin/annotation-integrity')).body;
    expect(integrity).toMatchObject({ n_annotators: 4, used_llm_labels: false });
    const by = Object.fromEntries(integrity.reports.map((r: { annotator: string }) => [r.annotator, r]));
    expect(by.odd).toMatchObject({ n_items: 4, flags: ['low_signal'] });
    expect(by.odd.ca_score).toBeLessThan(0);
    expect(by.careful).toMatchObject({ flags: [], suspicion: 0, process_sessions: 1 });
    expect(by.stamper.flags).toEqual(['rubber_stamping', 'never_zoomed']);
    expect(by.stamper.process_flag_rates).toEqual({ rubber_stamping: 1, never_zoomed: 1 });
    expect(integrity.reports[0].annotator).toBe('stamper');

    // the same answers as soft labels: each item three to one
    expect((await t.client().get('/admin/api/perspectivist')).status).toBe(401);
    const soft = (await t.admin().get('/admin/api/perspectivist?ambiguity_threshold=0.8')).body;
    expect(soft).toMatchObject({ n_items: 4, n_ambiguous: 4 });
    expect(soft.items.find((i: { item: string }) => i.item === 'p1::sentiment')).toEqual({
      item: 'p1::sentiment',
      distribution: { negative: 0.25, positive: 0.75 },
      hard_label: 'positive',
      entropy: 0.8113,
      n_annotators: 4,
      ambiguous: true,
      annotators: { stamper: 'positive', careful: 'positive', dee: 'positive', odd: 'negative' },
    });
    expect(soft.perspectives.odd).toEqual({ n: 4, majority_rate: 0, minority_rate: 1 });
    expect((await t.admin().get('/admin/api/perspectivist?schema=rationale')).body.error).toMatch(
      /^schema: "rationale"/,
    );
    expect(
      (await t.admin().get('/admin/api/perspectivist?schema=sentiment&ambiguity_threshold=0.9')).body.n_ambiguous,
    ).toBe(0);
  });
});
