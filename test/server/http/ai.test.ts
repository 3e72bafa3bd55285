/** The AI assistant over real HTTP (docs/ai.md), default embedded provider. */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';
import { learnableItems } from '../domain/ai/learnable.js';

const SCHEMES = [
  { annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative'] },
  { annotation_type: 'text', name: 'note' },
  { annotation_type: 'span', name: 'evidence', labels: ['pos', 'neg'] },
];
const KEYWORDS = 'Word\tLabel\tSchema\nlove\tpos\tevidence\nhate\tneg\tevidence\n';
const items = learnableItems(80, 7);
const TRAIN = items.slice(0, 30);
const HELD_OUT = items.slice(30);

function project(config: Record<string, unknown> = {}) {
  return startServer({
    items: items.map(({ id, text }) => ({ id, text })),
    files: { 'keywords.tsv': KEYWORDS },
    config: { annotation_schemes: SCHEMES, keyword_highlights_file: 'keywords.tsv', ...config },
  });
}

describe('AI endpoints: access', () => {
  it('answer 401 without a session, 404 for an unknown instance or scheme, 400 for a scheme it cannot help with', async () => {
    const t = await project();
    const anon = t.client();
    expect((await anon.get('/get_ai_suggestion?instance_id=gen-1')).status).toBe(401);
    expect((await anon.get('/api/ai_assistant?instance_id=gen-1&schema=sentiment')).status).toBe(401);
    const alice = await t.client().login('alice');
    const unknown = await alice.get('/get_ai_suggestion?instance_id=nope');
    expect(unknown.status).toBe(404);
    expect(unknown.body.error).toMatch(/nope/);
    expect((await alice.get('/api/ai_assistant?instance_id=nope&schema=sentiment')).status).toBe(404);
    const unknownScheme = await alice.get('/api/ai_assistant?instance_id=gen-1&schema=mood');
    expect(unknownScheme.status).toBe(404);
    expect(unknownScheme.body.error).toMatch(/mood/);
    const text = await alice.get('/api/ai_assistant?instance_id=gen-1&schema=note');
    expect(text.status).toBe(400);
    expect(text.body.error).toMatch(/text scheme/);
    const missing = await alice.get('/get_ai_suggestion');
    expect(missing.status).toBe(400);
    expect(missing.body.error).toMatch(/instance_id/);
    // Potato's page asks by the scheme's position, for the current instance
    const current = (await alice.get('/api/current_instance')).body.instance_id;
    const byPosition = await alice.get('/api/ai_assistant?annotationId=0');
    expect(byPosition.status, byPosition.text).toBe(200);
    expect(byPosition.body).toMatchObject({ instance_id: current, schema: 'sentiment' });
    const past = await alice.get('/api/ai_assistant?annotationId=9');
    expect([past.status, past.body.error]).toEqual([
      400,
      expect.stringMatching(/^annotationId: no scheme at position 9/),
    ]);
    expect((await alice.get('/api/ai_assistant?instance_id=gen-1')).body.error).toMatch(/^schema: required/);
  });

  it('answer 400 when ai_support.enabled is false, and follow the admin setting at run time', async () => {
    const off = await project({ ai_support: { enabled: false } });
    const bob = await off.client().login('bob');
    for (const path of [
      '/get_ai_suggestion?instance_id=gen-1',
      '/api/get_ai_suggestion?instance_id=gen-1',
      '/api/ai_assistant?instance_id=gen-1&schema=sentiment',
    ]) {
      const r = await bob.get(path);
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(/turned off/);
    }
    const t = await project();
    const alice = await t.client().login('alice');
    expect((await alice.get('/get_ai_suggestion?instance_id=gen-1')).status).toBe(200);
    expect((await t.admin().post('/admin/api/config', { 'ai_support.enabled': false })).status).toBe(200);
    expect((await alice.get('/get_ai_suggestion?instance_id=gen-1')).status).toBe(400);
    expect((await t.admin().post('/admin/api/config', { 'ai_support.enabled': true })).status).toBe(200);
    expect((await alice.get('/get_ai_suggestion?instance_id=gen-1')).status).toBe(200);
  });

  it("answer 403 for an instance outside the caller's list", async () => {
    const t = await project({ num_annotators_per_item: 1, max_annotations_per_user: 40 });
    const alice = await t.client().login('alice');
    await alice.get('/api/current_instance');
    const bob = await t.client().login('bob');
    await bob.get('/api/current_instance');
    // alice holds the first 40 items, so gen-1 is not bob's
    expect((await bob.get('/get_ai_suggestion?instance_id=gen-1')).status).toBe(403);
  });
});

describe('AI endpoints: the embedded provider', () => {
  it('says "no suggestion yet" with a reason, then learns from annotations and suggests the right label on held-out items', async () => {
    const t = await project();
    const alice = await t.client().login('alice');
    const before = await alice.get('/get_ai_suggestion?instance_id=gen-31');
    expect(before.status).toBe(200);
    expect(before.body).toMatchObject({ instance_id: 'gen-31', provider: 'embedded' });
    expect(before.body.suggestions.sentiment).toEqual({
      label: null,
      confidence: null,
      rationale: expect.stringMatching(/^no suggestion yet: .*0 of the 5 labelled examples/),
    });
    expect(before.body.suggestions.note).toBeUndefined();
    const help = await alice.get('/api/ai_assistant?instance_id=gen-31&schema=sentiment');
    expect(help.body).toMatchObject({
      instance_id: 'gen-31',
      schema: 'sentiment',
      provider: 'embedded',
      suggested_label: null,
      confidence: null,
      hint: expect.stringMatching(/no suggestion yet/),
    });

    for (const item of TRAIN) {
      const r = await alice.post('/updateinstance', {
        instance_id: item.id,
        annotations: { [`sentiment:${item.truth}`]: 'true' },
      });
      expect(r.status).toBe(200);
    }
    let right = 0;
    for (const item of HELD_OUT) {
      const r = await alice.get(`/get_ai_suggestion?instance_id=${item.id}`);
      const s = r.body.suggestions.sentiment;
      if (s.label === item.truth) right++;
      expect(s.confidence).toBeGreaterThan(0);
      expect(s.confidence).toBeLessThanOrEqual(1);
    }
    // measured: 50 of 50 with seed 7; chance is about half
    expect(right / HELD_OUT.length).toBeGreaterThanOrEqual(0.9);

    // the explanation names words of the text that carry the signal
    const item = HELD_OUT[0];
    const r = await alice.get(`/api/ai_assistant?instance_id=${item.id}&schema=sentiment`);
    expect(r.status).toBe(200);
    expect(r.body.suggested_label).toBe(item.truth);
    expect(r.body.hint).toMatch(
      new RegExp(
        `^Suggested: ${item.truth} \\(\\d+% confident\\)\\. learned from 30 annotated examples; the words that weighed most: `,
      ),
    );
    const evidence = r.body.keywords.filter((k: { source: string }) => k.source === 'evidence');
    expect(evidence.length).toBeGreaterThan(0);
    for (const k of evidence) expect(item.text.slice(k.start, k.end)).toBe(k.text);

    // suggestions are never saved as annotations
    const saved = await alice.get(`/get_annotations?instance_id=${item.id}`);
    expect(saved.body.annotations).toEqual({});
    expect(saved.body.updated_at).toBeNull();
  });

  it('suggests spans from keyword highlights, and learns spans from annotated ones', async () => {
    const t = await project();
    const alice = await t.client().login('alice');
    const withLove = items.find((i) => /\blove\b/i.test(i.text) && !/\bhate\b/i.test(i.text))!;
    const r = await alice.get(`/get_ai_suggestion?instance_id=${withLove.id}`);
    const evidence = r.body.suggestions.evidence;
    expect(evidence.label).toBe('pos');
    expect(evidence.spans).toContainEqual({
      label: 'pos',
      start: withLove.text.toLowerCase().indexOf('love'),
      end: withLove.text.toLowerCase().indexOf('love') + 4,
      text: withLove.text.slice(withLove.text.toLowerCase().indexOf('love')).slice(0, 4),
    });

    // annotators mark "awful" as neg in several texts: it becomes a learned span suggestion
    const awful = items.filter((i) => /\bawful\b/.test(i.text));
    expect(awful.length).toBeGreaterThanOrEqual(6);
    for (const item of awful.slice(0, 5)) {
      const start = item.text.indexOf('awful');
      const res = await alice.post('/updateinstance', {
        instance_id: item.id,
        span_annotations: [{ schema: 'evidence', name: 'neg', start, end: start + 5 }],
      });
      expect(res.status).toBe(200);
    }
    const target = awful[5];
    const learned = await alice.get(`/get_ai_suggestion?instance_id=${target.id}`);
    const start = target.text.indexOf('awful');
    expect(learned.body.suggestions.evidence.spans).toContainEqual({
      label: 'neg',
      start,
      end: start + 5,
      text: 'awful',
    });
  });

  it('caches suggestions and invalidates them when the learner learns something new', async () => {
    const t = await project();
    const alice = await t.client().login('alice');
    for (const item of TRAIN.slice(0, 10))
      await alice.post('/updateinstance', {
        instance_id: item.id,
        annotations: { [`sentiment:${item.truth}`]: 'true' },
      });
    const first = await alice.get('/get_ai_suggestion?instance_id=gen-40');
    const store = t.server.services.store;
    const cached = [...store.entries('ai_cache')].filter(([k]) => k.startsWith('gen-40\u0001sentiment\u0001embedded'));
    expect(cached).toHaveLength(1);
    const [key, entry] = cached[0];
    expect(entry.suggestion.label).toBe(first.body.suggestions.sentiment.label);
    await alice.get('/get_ai_suggestion?instance_id=gen-40');
    expect(store.get('ai_cache', key)).toBe(entry); // served from the cache, not remade

    await alice.post('/updateinstance', {
      instance_id: TRAIN[10].id,
      annotations: { [`sentiment:${TRAIN[10].truth}`]: 'true' },
    });
    await alice.get('/get_ai_suggestion?instance_id=gen-40');
    const after = store.get('ai_cache', key)!;
    expect(after).not.toBe(entry);
    expect(after.version).not.toBe(entry.version);
    expect(after.suggestion.rationale).toMatch(/learned from 11 annotated examples/);
  });

  it('learns the annotations saved before a restart, and records whether final labels matched what was shown', async () => {
    let t = await project();
    const alice = await t.client().login('alice');
    for (const item of TRAIN.slice(0, 12))
      await alice.post('/updateinstance', {
        instance_id: item.id,
        annotations: { [`sentiment:${item.truth}`]: 'true' },
      });
    t = await t.restart();
    await t.server.services.ai.whenReady();
    const again = await t.client().login('alice');
    const [a, b] = HELD_OUT;
    const sa = (await again.get(`/get_ai_suggestion?instance_id=${a.id}`)).body.suggestions.sentiment;
    expect(sa.rationale).toMatch(/learned from 12 annotated examples/);
    const sb = (await again.get(`/api/ai_assistant?instance_id=${b.id}&schema=sentiment`)).body;
    // accept the first suggestion, overrule the second
    await again.post('/updateinstance', { instance_id: a.id, annotations: { [`sentiment:${sa.label}`]: 'true' } });
    const other = sb.suggested_label === 'positive' ? 'negative' : 'positive';
    await again.post('/updateinstance', { instance_id: b.id, annotations: { [`sentiment:${other}`]: 'true' } });
    const stats = await t.admin().get('/admin/api/ai_stats');
    expect(stats.status).toBe(200);
    expect(stats.body).toMatchObject({
      enabled: true,
      provider: 'embedded',
      decided: 2,
      accepted: 1,
      acceptance_rate: 0.5,
      by_schema: { sentiment: { decided: 2, accepted: 1, acceptance_rate: 0.5 } },
    });
    expect((await again.get('/admin/api/ai_stats')).status).toBe(403);
  });
});

describe('the bundled example project', () => {
  it('serves suggestions after a few annotations, with no network and no setup', async () => {
    const t = await startServer({ configFile: 'examples/product-reviews/config.yaml' });
    const alice = await t.client().login('alice');
    const first = await alice.get('/api/current_instance');
    const r0 = await alice.get(`/get_ai_suggestion?instance_id=${first.body.instance_id}`);
    expect(r0.status).toBe(200);
    expect(Object.keys(r0.body.suggestions).sort()).toEqual([
      'evidence',
      'helpfulness',
      'product_type',
      'sentiment',
      'topics',
    ]);
    expect(r0.body.suggestions.sentiment.label).toBeNull();
    for (let i = 0; i < 6; i++) {
      const current = await alice.get('/api/current_instance');
      const text: string = current.body.text;
      const label = /excellent|great|love|perfect/i.test(text)
        ? 'positive'
        : /stopped|broke|loose|poor|terrible/i.test(text)
          ? 'negative'
          : 'neutral';
      const submitted = await alice.post('/updateinstance', {
        instance_id: current.body.instance_id,
        annotations: { [`sentiment:${label}`]: 'true', 'product_type:other': 'true' },
      });
      expect(submitted.status).toBe(200);
      await alice.post('/go_to', { action: 'next_instance' });
    }
    const next = await alice.get('/api/current_instance');
    const r = await alice.get(`/get_ai_suggestion?instance_id=${next.body.instance_id}`);
    expect(r.body.suggestions.sentiment).toMatchObject({
      label: expect.stringMatching(/^(positive|negative|neutral)$/),
      rationale: expect.stringMatching(/learned from 6 annotated examples/),
    });
    // one label seen so far for product_type: no guess yet, and it says why
    expect(r.body.suggestions.product_type.rationale).toMatch(/at least two labels/);
  });
});
