/**
 * Publishing a dataset over real HTTP: the card previewed from the project's answers, the archive built in the
 * background and downloaded as a zip whose files are read back here (central directory, deflate, CRC-32), the
 * annotators renamed; targets and options it does not have refused by name; the admin rules.
 */
import { crc32, inflateRawSync } from 'node:zlib';
import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';
import type { Client } from '../../helpers/client.js';

const items = [
  { id: 'r1', text: 'Great phone, bad battery.' },
  { id: 'r2', text: 'Fine.' },
  { id: 'r3', text: 'Never arrived.' },
];
const config = {
  annotation_schemes: [
    {
      annotation_type: 'radio',
      name: 'sentiment',
      labels: ['positive', 'negative', 'neutral'],
      description: '<b>How</b> it feels',
    },
    { annotation_type: 'span', name: 'aspect', labels: ['product', 'delivery'] },
  ],
  dataset_metadata: {
    pretty_name: 'Review sentiment',
    license: 'cc-by-4.0',
    authors: [{ name: 'A. Person', affiliation: 'Lab' }],
  },
  publish: { options: { include_items: false } },
};

/** The files of a zip, read from its central directory, each checked against its CRC-32. */
function unzip(bytes: Buffer): Map<string, string> {
  const end = bytes.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  const count = bytes.readUInt16LE(end + 10);
  let at = bytes.readUInt32LE(end + 16);
  const files = new Map<string, string>();
  for (let i = 0; i < count; i++) {
    expect(bytes.readUInt32LE(at)).toBe(0x02014b50);
    const method = bytes.readUInt16LE(at + 10);
    const crc = bytes.readUInt32LE(at + 16);
    const packed = bytes.readUInt32LE(at + 20);
    const nameLength = bytes.readUInt16LE(at + 28);
    const local = bytes.readUInt32LE(at + 42);
    const name = bytes.subarray(at + 46, at + 46 + nameLength).toString('utf8');
    const start = local + 30 + bytes.readUInt16LE(local + 26) + bytes.readUInt16LE(local + 28);
    const raw = bytes.subarray(start, start + packed);
    const content = method === 8 ? inflateRawSync(raw) : raw;
    expect([name, crc32(content)]).toEqual([name, crc]);
    files.set(name, content.toString('utf8'));
    at += 46 + nameLength + bytes.readUInt16LE(at + 30) + bytes.readUInt16LE(at + 32);
  }
  return files;
}

async function finished(admin: Client) {
  for (let i = 0; i < 200; i++) {
    const status = (await admin.get('/admin/publish/api/status')).body;
    if (status.state !== 'running') return status;
    await sleep(25);
  }
  throw new Error('the publish job did not finish');
}

async function annotated(): Promise<TestServer> {
  const t = await startServer({ items, config });
  for (const [who, label] of [
    ['alice.smith', 'positive'],
    ['bob.jones', 'positive'],
    ['carol', 'negative'],
  ]) {
    const c = await t.client().login(who);
    const r = await c.post('/updateinstance', {
      instance_id: 'r1',
      annotations: { [`sentiment:${label}`]: 'true' },
      span_annotations: who === 'carol' ? [{ schema: 'aspect', name: 'delivery', start: 17, end: 24 }] : [],
    });
    expect(r.status).toBe(200);
  }
  return t;
}

describe('publishing a dataset', () => {
  it('previews the card, builds the archive in the background and downloads it with annotators renamed', async () => {
    const t = await annotated();
    const admin = t.admin();
    expect((await admin.get('/admin/publish/api/status')).body.state).toBe('idle');
    expect((await admin.get('/admin/publish/api/download')).status).toBe(404);
    expect((await admin.get('/admin/publish/api/defaults')).body).toMatchObject({
      default_target: 'archive',
      options: { include_items: false },
      metadata: { pretty_name: 'Review sentiment', license: 'cc-by-4.0' },
    });

    const preview = await admin.post('/admin/publish/api/preview', { target: 'archive', options: {}, metadata: {} });
    expect(preview.status).toBe(200);
    expect(preview.body.splits).toEqual({ annotations: 3, gold: 1, spans: 1 });
    const card: string = preview.body.card_markdown;
    expect(card).toContain('# Review sentiment');
    expect(card).toContain('### sentiment');
    expect(card).toContain('Type: radio. How it feels');
    expect(card).toContain('| positive | 2 | 66.7% |');
    expect(card).toContain('- A. Person (Lab)');
    expect(card).toContain('license: "cc-by-4.0"');

    const started = await admin.post('/admin/publish/api/start', {
      target: 'archive',
      metadata: { license: 'mit', pretty_name: 'Reviews v2' },
      options: { include_items: true, include_gold: false },
      credentials: {},
    });
    expect(started.status).toBe(202);
    const done = await finished(admin);
    expect(done).toMatchObject({
      state: 'success',
      result: {
        archive_name: 'Reviews_v2.zip',
        download_url: '/admin/publish/api/download',
        splits: { annotations: 3, spans: 1, items: 1 },
      },
    });

    const download = await admin.get('/admin/publish/api/download');
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/zip');
    const bytes = Buffer.from(
      await (
        await fetch(`${t.url}/admin/publish/api/download`, { headers: { 'x-api-key': t.adminKey } })
      ).arrayBuffer(),
    );
    expect(bytes.subarray(0, 2).toString()).toBe('PK');
    const files = unzip(bytes);
    expect([...files.keys()]).toEqual([
      'README.md',
      'LICENSE',
      '.zenodo.json',
      'data/annotations.jsonl',
      'data/spans.jsonl',
      'data/items.jsonl',
    ]);
    expect(files.get('LICENSE')).toBe('mit\n');
    expect(JSON.parse(files.get('.zenodo.json')!)).toMatchObject({
      title: 'Reviews v2',
      upload_type: 'dataset',
      license: 'mit',
    });
    const rows = files
      .get('data/annotations.jsonl')!
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(rows).toEqual([
      { instance_id: 'r1', user_id: 'A1', labels: { sentiment: 'positive' } },
      { instance_id: 'r1', user_id: 'A2', labels: { sentiment: 'positive' } },
      { instance_id: 'r1', user_id: 'A3', labels: { sentiment: 'negative' } },
    ]);
    expect(JSON.parse(files.get('data/spans.jsonl')!)).toMatchObject({
      user_id: 'A3',
      label: 'delivery',
      text: 'battery',
    });
    const everything = [...files.values()].join('\n');
    for (const name of ['alice.smith', 'bob.jones', 'carol']) expect(everything).not.toContain(name);
  });

  it('refuses targets and options it does not have by name, and keeps the admin rules', async () => {
    const t = await annotated();
    const admin = t.admin();
    const hub = await admin.post('/admin/publish/api/start', { target: 'huggingface', credentials: { token: 'x' } });
    expect(hub.status).toBe(400);
    expect(hub.body.error).toMatch(
      /^target: "huggingface" uploads to the Hugging Face Hub, which this project does not do/,
    );
    expect((await admin.post('/admin/publish/api/preview', { target: 'ftp' })).body.error).toMatch(
      /^target: "ftp" is not a target/,
    );
    const cases: [unknown, RegExp][] = [
      [{ min_annotators: 0 }, /^options\.min_annotators: /],
      [{ data_format: 'parquet' }, /^options\.data_format: this project writes the splits as jsonl/],
      [{ scrub_pii: true }, /^options: not an option here .*: scrub_pii/],
      [{ anonymize: 'yes' }, /^options\.anonymize: expected true or false/],
    ];
    for (const [options, error] of cases) {
      const r = await admin.post('/admin/publish/api/preview', { options });
      expect(r.status).toBe(400);
      expect(r.body.error).toMatch(error);
    }
    expect((await admin.get('/admin/publish/api/status')).body.state).toBe('idle');
    // only items with two annotators: r1
    const two = await admin.post('/admin/publish/api/preview', { options: { min_annotators: 2, anonymize: false } });
    expect(two.body.splits).toEqual({ annotations: 3, gold: 1, spans: 1 });

    expect((await t.client().get('/admin/publish/api/status')).status).toBe(401);
    expect((await t.client({ 'x-api-key': 'wrong' }).get('/admin/publish/api/download')).status).toBe(403);
    const annotator = await t.client().login('dan');
    expect((await annotator.post('/admin/publish/api/start', {})).status).toBe(403);
  });
});
