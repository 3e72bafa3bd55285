/** Scheme information over real HTTP (docs/api.md). */
import { describe, expect, it } from 'vitest';
import { SAMPLE_SCHEMES } from '../../helpers/project.js';
import { startServer } from '../../helpers/server.js';

const ITEMS = [
  { id: 'k1', text: 'GREAT value, but the Greatness faded; great again. Refund-request: refunded!' },
  { id: 'k2', text: 'Nothing to see here.' },
];
const KEYWORDS = 'Word\tLabel\tSchema\ngreat\tpositive\tsentiment\nrefund*\tnegative\tsentiment\nslow\tneg\tevidence\n';

async function server() {
  return startServer({
    items: ITEMS,
    files: { 'kw.tsv': KEYWORDS },
    config: {
      keyword_highlights_file: 'kw.tsv',
      annotation_schemes: [
        {
          ...SAMPLE_SCHEMES[0],
          labels: [{ name: 'positive', tooltip: 'Happy', key_value: '1', color: '#00aa00' }, 'negative', 'neutral'],
          description: 'Overall tone',
          custom_flag: { shown: true },
        },
        ...SAMPLE_SCHEMES.slice(1),
      ],
      ui: { label_colors: { sentiment: { negative: '#aa0000' } } },
    },
  });
}

describe('GET /api/schemas', () => {
  it('lists every scheme by name with its type, description, labels and options, extras passed through', async () => {
    const t = await server();
    const alice = await t.client().login('alice');
    const r = await alice.get('/api/schemas');
    expect(r.status).toBe(200);
    expect(Object.keys(r.body)).toEqual(SAMPLE_SCHEMES.map((s) => s.name));
    expect(r.body.sentiment).toMatchObject({
      name: 'sentiment',
      annotation_type: 'radio',
      description: 'Overall tone',
      labels: [
        { name: 'positive', tooltip: 'Happy', key_value: '1', color: '#00aa00' },
        { name: 'negative' },
        { name: 'neutral' },
      ],
      custom_flag: { shown: true },
    });
    expect(r.body.helpful).toMatchObject({
      annotation_type: 'likert',
      size: 5,
      min_label: 'no',
      max_label: 'yes',
      labels: [{ name: '1' }, { name: '2' }, { name: '3' }, { name: '4' }, { name: '5' }],
    });
    expect(r.body.stars).toMatchObject({ annotation_type: 'number', min: 1, max: 5, labels: [{ name: 'value' }] });
    expect(r.body.confidence).toMatchObject({ annotation_type: 'slider', min: 0, max: 100, starting_value: 50 });
    expect(r.body.note).toMatchObject({ annotation_type: 'text', labels: [{ name: 'text' }] });
    expect(r.body.evidence).toMatchObject({ annotation_type: 'span', labels: [{ name: 'pos' }, { name: 'neg' }] });
    for (const scheme of Object.values(r.body) as { extra?: unknown }[]) expect(scheme.extra).toBeUndefined();
  });
});

describe('GET /api/colors', () => {
  it('gives every label of every scheme a #rrggbb colour, configured ones first, all distinct in a scheme', async () => {
    const t = await server();
    const alice = await t.client().login('alice');
    const r = await alice.get('/api/colors');
    expect(r.status).toBe(200);
    const schemes = (await alice.get('/api/schemas')).body as Record<string, { labels: { name: string }[] }>;
    for (const [name, scheme] of Object.entries(schemes)) {
      expect(Object.keys(r.body[name])).toEqual(scheme.labels.map((l) => l.name));
      for (const color of Object.values(r.body[name])) expect(color).toMatch(/^#[0-9a-f]{6}$/);
    }
    expect(r.body.sentiment.positive).toBe('#00aa00');
    expect(r.body.sentiment.negative).toBe('#aa0000');
    expect(new Set(Object.values(r.body.evidence)).size).toBe(2);
    // the same colours after a restart
    const again = await (await t.restart()).client().login('alice');
    expect((await again.get('/api/colors')).body).toEqual(r.body);
  });
});

describe('GET /api/keyword_highlights/{id}', () => {
  it('finds whole words case-insensitively, with wildcards, and colours them by label', async () => {
    const t = await server();
    const alice = await t.client().login('alice');
    const r = await alice.get('/api/keyword_highlights/k1');
    expect(r.status).toBe(200);
    expect(r.body.instance_id).toBe('k1');
    const text = ITEMS[0].text;
    for (const k of r.body.keywords) expect(text.slice(k.start, k.end)).toBe(k.text);
    expect(
      r.body.keywords.map((k: { text: string; label: string; schema: string; color: string }) => [
        k.text,
        k.schema,
        k.label,
        k.color,
      ]),
    ).toEqual([
      ['GREAT', 'sentiment', 'positive', '#00aa00'],
      ['great', 'sentiment', 'positive', '#00aa00'], // not "Greatness": whole words only
      ['Refund', 'sentiment', 'negative', '#aa0000'],
      ['refunded', 'sentiment', 'negative', '#aa0000'], // the wildcard; "request" is no match
    ]);
  });

  it('answers an instance without keywords with an empty list', async () => {
    const t = await server();
    const alice = await t.client().login('alice');
    expect((await alice.get('/api/keyword_highlights/k2')).body).toEqual({ instance_id: 'k2', keywords: [] });
  });

  it('answers an empty list when the project has no keywords file', async () => {
    const t = await startServer();
    const alice = await t.client().login('alice');
    expect((await alice.get('/api/keyword_highlights/item-1')).body).toEqual({ instance_id: 'item-1', keywords: [] });
  });
});
