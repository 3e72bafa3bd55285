/**
 * Potato's server-drawn admin pages in the project's `ui_language`, over real HTTP: the integrity report, trace
 * analytics and the datasets page have their words in Spanish with lang="es", in Arabic with lang="ar" dir="rtl",
 * as the agreement page does; a language they have no words for gets English pages marked as English.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServer, type TestServer } from '../../helpers/server.js';

const PAGES = ['/admin/annotation-integrity?format=html', '/admin/eval/analytics?format=html', '/datasets/admin'];

async function project(ui_language: string | undefined): Promise<TestServer> {
  return startServer({
    items: [{ id: 'q1', text: 'one plus one' }],
    config: {
      datasets: { enabled: true },
      annotation_schemes: [{ annotation_type: 'radio', name: 'ok', labels: ['yes', 'no'] }],
      ...(ui_language ? { ui_language } : {}),
    },
  });
}

async function pages(t: TestServer): Promise<string[]> {
  return Promise.all(
    PAGES.map(async (path) => {
      const r = await t.admin().get(path);
      expect(r.status, `${path}: ${r.text.slice(0, 200)}`).toBe(200);
      return r.text;
    }),
  );
}

describe('report pages in ui_language', () => {
  const servers: TestServer[] = [];
  const start = async (lang: string | undefined) => {
    const t = await project(lang);
    servers.push(t);
    return t;
  };
  let es: TestServer;
  beforeAll(async () => {
    es = await start('es');
  });
  afterAll(async () => {
    for (const t of servers) await t.close();
  });

  it('draws the three pages in Spanish, lang="es"', async () => {
    const [integrity, analytics, datasets] = await pages(es);
    for (const page of [integrity, analytics, datasets])
      expect(page).toMatch(/^<!doctype html><html lang="es" dir="ltr">/);
    expect(integrity).toContain('<h1>Integridad de las anotaciones</h1>');
    expect(integrity).toContain('<h2>Anotadores, el más sospechoso primero</h2>');
    expect(integrity).toContain('Anotadores: 0.');
    expect(integrity).toContain('<p>Ningún anotador ha respondido aún.</p>');
    expect(analytics).toContain('<h1>Analítica de trazas</h1>');
    expect(analytics).toContain('Trazas: 0 · tokens en total: 0');
    expect(analytics).toContain('<p>No se pidió una ventana reciente.</p>');
    expect(datasets).toContain('<h1>Conjuntos de datos</h1>');
    expect(datasets).toContain('<p>Aún no hay ningún conjunto de datos.</p>');
    expect(datasets).toContain('<p>Aún no se ha ejecutado ningún experimento.</p>');
    for (const english of ['Annotation integrity', 'Trace analytics', 'No dataset yet.', 'Per model'])
      expect([integrity, analytics, datasets].join('')).not.toContain(english);
  });

  it("names a Spanish table's columns in Spanish once it has rows", async () => {
    const admin = es.admin();
    await admin.post('/datasets/api/datasets', { name: 'arith', description: 'sums' });
    const page = (await admin.get('/datasets/admin')).text;
    expect(page).toContain(
      '<th>Conjunto</th><th>Descripción</th><th>Versiones</th><th>Última versión</th><th>Ejemplos en ella</th><th>Etiquetas</th><th>Creado</th>',
    );
    expect(page).toContain('<td>arith</td><td>sums</td>');
  });

  it('draws them in Arabic right to left', async () => {
    const [integrity, analytics, datasets] = await pages(await start('ar'));
    for (const page of [integrity, analytics, datasets])
      expect(page).toMatch(/^<!doctype html><html lang="ar" dir="rtl">/);
    expect(integrity).toContain('<h1>نزاهة التوسيم</h1>');
    expect(analytics).toContain('<h1>تحليلات التتبُّعات</h1>');
    expect(datasets).toContain('<h1>مجموعات البيانات</h1>');
  });

  it('keeps English, marked as English, for an English project', async () => {
    const [integrity, analytics, datasets] = await pages(await start(undefined));
    for (const page of [integrity, analytics, datasets])
      expect(page).toMatch(/^<!doctype html><html lang="en" dir="ltr">/);
    expect(integrity).toContain('<h1>Annotation integrity</h1>');
    expect(analytics).toContain('<h1>Trace analytics</h1>');
    expect(datasets).toContain('<h1>Datasets</h1>');
  });
});
