/**
 * Potato's `/admin/iaa`: the agreement report as JSON (the same as /admin/api/agreement) and, with ?format=html, a
 * page in the project's language (`ui_language`): Spanish words and lang="es", Arabic right to left, English for a
 * language without a catalog; an admin endpoint like every other, and a scheme name of markup shown as text.
 */
import { describe, expect, it } from 'vitest';
import { startServer } from '../../helpers/server.js';

const items = [
  { id: 'a', text: 'great value' },
  { id: 'b', text: 'arrived late' },
];
const schemes = [{ annotation_type: 'radio', name: '<b>tone</b>', labels: ['good', 'bad'] }];

async function project(ui_language: unknown, answered = true) {
  const t = await startServer({
    items,
    config: { annotation_schemes: schemes, num_annotators_per_item: 2, ...(ui_language ? { ui_language } : {}) },
  });
  if (answered)
    for (const [name, labels] of Object.entries({ alice: ['good', 'bad'], bob: ['good', 'good'] })) {
      const c = await t.client().login(name);
      for (const [i, label] of labels.entries()) {
        const r = await c.post('/updateinstance', {
          instance_id: items[i].id,
          annotations: { [`<b>tone</b>:${label}`]: 'true' },
        });
        expect(r.status).toBe(200);
      }
    }
  return t;
}

describe('GET /admin/iaa', () => {
  it("answers the agreement report, and a page in the project's language", async () => {
    const t = await project('es');
    expect((await t.client().get('/admin/iaa')).status).toBe(401);
    const json = await t.admin().get('/admin/iaa');
    expect(json.status).toBe(200);
    expect(json.body).toEqual((await t.admin().get('/admin/api/agreement')).body);
    expect(json.body.by_schema['<b>tone</b>']).toMatchObject({ items_evaluated: 2, annotators: 2 });
    expect((await t.admin().get('/admin/iaa?format=pdf')).body.error).toBe('format: must be json or html');

    const page = await t.admin().get('/admin/iaa?format=html');
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(page.text).toContain('<html lang="es" dir="ltr">');
    expect(page.text).toContain('<h1>Acuerdo entre anotadores</h1>');
    expect(page.text).toContain('<th>Anotadores</th>');
    expect(page.text).toContain('<td>&lt;b&gt;tone&lt;/b&gt;</td>');
    expect(page.text).not.toContain('<b>tone');
    expect(page.text).toMatch(/<td>(fiable|provisional|poco fiable)<\/td>/);
    await t.close();
  });

  it('draws Arabic right to left, and English for a language it has no words for', async () => {
    const ar = await project('ar', false);
    const page = await ar.admin().get('/admin/iaa?format=html');
    expect(page.text).toContain('<html lang="ar" dir="rtl">');
    expect(page.text).toContain('الاتفاق بين الموسِّمين');
    await ar.close();
    const other = await project({ html_lang: 'nl', next_button: 'Volgende' }, false);
    const english = await other.admin().get('/admin/iaa?format=html');
    expect(english.text).toContain('<html lang="en" dir="ltr">');
    expect(english.text).toContain('<h1>Inter-annotator agreement</h1>');
    expect(english.text).toContain('No item has two annotators&#39; answers yet');
    await other.close();
  });
});
