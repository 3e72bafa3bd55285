/** Potato's dashboard panels (questions, crowd, behavioral) with its field names, over real HTTP. */
import { beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';
import type { Client } from '../../helpers/client.js';

const ITEMS = [
  { id: 'a', text: 'Alpha is a fine product.' },
  { id: 'b', text: 'Beta' },
  { id: 'c', text: 'Gamma' },
];

describe("Potato's dashboard panels", () => {
  let t: TestServer;
  let alice: Client;
  beforeAll(async () => {
    t = await startServer({
      items: ITEMS,
      config: { login: { type: 'url_direct', url_argument: 'PROLIFIC_PID' }, completion_code: 'DONE-1' },
    });
    alice = await t.client().login('alice');
    const worker = t.client();
    const link = await worker.get('/?PROLIFIC_PID=P1&STUDY_ID=study-1&SESSION_ID=sess-1', {
      accept: 'text/html',
      'sec-fetch-site': 'cross-site',
      'sec-fetch-mode': 'navigate',
    });
    expect(link.status).toBe(303);
    const saves = [
      alice.post('/updateinstance', {
        instance_id: 'a',
        annotations: {
          'sentiment:positive': 'true',
          'topics:price': 'true',
          'topics:quality': 'true',
          'stars:value': '4',
          'note:text': 'Good value here',
        },
        span_annotations: [{ schema: 'evidence', name: 'pos', start: 0, end: 5 }],
      }),
      alice.post('/updateinstance', {
        instance_id: 'b',
        annotations: { 'sentiment:negative': 'true', 'stars:value': '2' },
      }),
      worker.post('/updateinstance', {
        instance_id: 'a',
        annotations: { 'sentiment:positive': 'true', 'topics:price': 'true' },
      }),
      worker.post('/updateinstance', { instance_id: 'b', annotations: { 'sentiment:positive': 'true' } }),
    ];
    for (const r of await Promise.all(saves)) expect(r.status).toBe(200);
    // alice reads each item for 20 s, the worker for 1 s: far under the project's median
    for (const id of ['a', 'b', 'c']) {
      expect(
        (await alice.post('/api/annotate/time', { instance_id: id, visible_ms: 20_000, visit: true })).status,
      ).toBe(200);
      expect((await worker.post('/api/annotate/time', { instance_id: id, visible_ms: 1000, visit: true })).status).toBe(
        200,
      );
    }
  });

  it('need admin credentials: 401 without, 403 with wrong ones', async () => {
    for (const path of ['/admin/api/questions', '/admin/api/crowdsourcing', '/admin/api/behavioral_analytics']) {
      expect((await t.client().get(path)).status).toBe(401);
      expect((await t.client({ 'x-api-key': 'wrong' }).get(path)).status).toBe(403);
      expect((await alice.get(path)).status).toBe(403);
    }
  });

  it('/admin/api/questions summarises each scheme by how its answers are compared', async () => {
    const r = await t.admin().get('/admin/api/questions');
    expect(r.status).toBe(200);
    const q = Object.fromEntries(r.body.questions.map((x: { name: string }) => [x.name, x]));
    expect(r.body.questions.map((x: { name: string }) => x.name)).toEqual([
      'sentiment',
      'topics',
      'helpful',
      'kind',
      'note',
      'stars',
      'confidence',
      'evidence',
    ]);
    expect(q.sentiment).toMatchObject({ type: 'radio', total_annotations: 4, items_with_annotations: 2 });
    expect(q.sentiment.analysis).toEqual({
      type: 'radio',
      total_count: 4,
      visualization_type: 'histogram',
      data: { labels: ['positive', 'negative', 'neutral'], counts: [3, 1, 0], percentages: [75, 25, 0] },
      most_common: ['positive', 3],
      // item a: both agree (1), item b: split (0.5)
      agreement_score: 75,
    });
    expect(q.topics.analysis).toMatchObject({
      visualization_type: 'multiselect_analysis',
      data: {
        labels: ['price', 'quality'],
        counts: [2, 1],
        percentages: [100, 50],
        co_occurrence: { 'price|quality': 1 },
      },
      most_common: [
        ['price', 2],
        ['quality', 1],
      ],
      average_labels_per_item: 1.5,
    });
    expect(q.stars.analysis).toMatchObject({
      visualization_type: 'distribution',
      data: {
        values: [4, 2],
        bins: { bins: [1, 1.4, 1.8, 2.2, 2.6, 3, 3.4, 3.8, 4.2, 4.6, 5], counts: [0, 0, 1, 0, 0, 0, 0, 1, 0, 0] },
        statistics: { mean: 3, median: 4, min: 2, max: 4, std: 1 },
      },
    });
    expect(q.note.analysis).toMatchObject({
      visualization_type: 'text_analysis',
      data: {
        lengths: [15],
        word_counts: [3],
        common_words: [
          ['good', 1],
          ['here', 1],
          ['value', 1],
        ],
      },
    });
    expect(q.evidence.analysis).toMatchObject({
      visualization_type: 'span_analysis',
      data: { span_counts: [1], total_spans: 1, statistics: { items_with_spans: 1, max_spans: 1 } },
    });
    expect(q.helpful).toMatchObject({ total_annotations: 0, analysis: { error: 'No annotations found' } });
    expect(r.body.summary).toEqual({
      total_questions: 8,
      total_annotations: 4 + 2 + 2 + 1 + 1,
      question_types: ['radio', 'multiselect', 'likert', 'select', 'text', 'number', 'slider', 'span'],
    });
  });

  it('/admin/api/crowdsourcing puts study-link workers under their platform with their IDs', async () => {
    const r = await t.admin().get('/admin/api/crowdsourcing');
    expect(r.status).toBe(200);
    expect(r.body.summary).toEqual({
      total_workers: 2,
      prolific_workers: 1,
      mturk_workers: 0,
      other_workers: 1,
      prolific_studies: 1,
      mturk_hits: 0,
      study_link_workers: 1,
    });
    expect(r.body.prolific.study_ids).toEqual(['study-1']);
    expect(r.body.prolific.workers).toEqual([
      expect.objectContaining({
        worker_id: 'P1',
        platform: 'prolific',
        study_id: 'study-1',
        session_id: 'sess-1',
        total_annotations: 2,
        total_seconds: 3,
        annotations_per_hour: 2400,
        completion_percentage: 66.7,
        phase: 'UserPhase.ANNOTATION',
        suspicious_level: 'High',
      }),
    ]);
    expect(r.body.prolific.stats).toMatchObject({ count: 1, total_annotations: 2, in_progress_count: 1 });
    expect(r.body.other.workers).toEqual([
      expect.objectContaining({ worker_id: 'alice', platform: 'other', first_seen: null, total_seconds: 60 }),
    ]);
    expect(r.body.mturk).toEqual({ stats: expect.objectContaining({ count: 0 }), hit_ids: [], workers: [] });
  });

  it('/admin/api/behavioral_analytics gives visible time and answer changes, the fast worker flagged first', async () => {
    const r = await t.admin().get('/admin/api/behavioral_analytics');
    expect(r.status).toBe(200);
    expect(r.body.users.map((u: { user_id: string }) => u.user_id)).toEqual(['P1', 'alice']);
    expect(r.body.users[0]).toMatchObject({
      user_id: 'P1',
      total_instances: 3,
      total_time_sec: 3,
      avg_time_sec: 1,
      visits: 3,
      total_changes: 3,
      no_change_rate: 0.33,
      quality_flag: 'SUSPICIOUS',
      total_interactions: null,
      suspicion_score: null,
    });
    expect(r.body.users[1]).toMatchObject({
      user_id: 'alice',
      total_time_sec: 60,
      total_changes: 8,
      quality_flag: 'OK',
    });
    expect(r.body.quality_summary).toMatchObject({
      total_flagged: 1,
      flagged_user_ids: ['P1'],
      fast_annotation_rate: 0.5,
    });
    expect(r.body.aggregate_stats).toMatchObject({ total_users: 2, total_instances: 6, total_changes: 11 });
    expect(r.body.change_sources).toEqual({ user: 11 });
    expect(r.body.writing_process.enabled).toBe(false);
  });
});
