import { describe, expect, it } from 'vitest';
import { csvOf, jsonlRoundTrip, loadScheme, refusedAnswer, serve, submitAndRead } from './harness.js';

const HEADER = {
  annotation_type: 'pure_display',
  name: 'intro',
  description: '## Read first\n\nThen <b>answer</b>.',
  labels: ['A note'],
};
const MOOD = { annotation_type: 'radio', name: 'mood', labels: ['up', 'down'] };
const ITEMS = [{ id: 'p1', text: 'fine' }];

describe('pure_display', () => {
  it('loads as sanitized HTML from its Markdown, escaping HTML unless allow_html', () => {
    const s = loadScheme(HEADER);
    expect(s.labels).toEqual([]);
    expect(s.extra.html).toContain('<h2>Read first</h2>');
    expect(s.extra.html).toContain('&lt;b&gt;answer&lt;/b&gt;');
    expect(s.extra.html).toContain('<p>A note</p>');
    const html = loadScheme({
      ...HEADER,
      allow_html: true,
      description: 'Then <b>answer</b><script>alert(1)</script><img src=x onerror=alert(1)>',
    }).extra.html;
    expect(html).toContain('<b>answer</b>');
    expect(html).not.toMatch(/script|onerror/);
  });

  it('is shown, never answered: no answer key, no export column; the rest still round-trips', async () => {
    const t = await serve([HEADER, MOOD], ITEMS);
    const schemes = (await (await t.client().login('ann')).get('/api/schemas')).body;
    expect(schemes.intro).toMatchObject({ annotation_type: 'pure_display', labels: [] });
    expect(await refusedAnswer(t, 'p1', { 'intro:A note': 'true' })).toBe(
      'annotations["intro:A note"]: "intro" is pure_display: it is shown, never answered',
    );
    await submitAndRead(t, 'ann', 'p1', { 'mood:down': 'true' });
    expect((await csvOf(t)).split('\n')[0]).toBe('instance_id,annotator,text,mood,updated_at');
    const lines = await jsonlRoundTrip(t, [HEADER, MOOD], ITEMS);
    expect(lines[0].labels).toEqual({ mood: 'down' });
    expect((await t.admin().get('/admin/api/agreement?fresh=true')).body.by_schema.intro.reason).toBe(
      'pure_display is shown, never answered',
    );
    await t.close();
  });
});
