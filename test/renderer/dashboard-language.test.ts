/**
 * The admin dashboard in the project's ui_language, in headless Chromium against the real server: a Spanish
 * project's key form, menu, headings, table heads, status words and a word of every panel are Spanish (a word the
 * project overrides by Potato's key is its own), what the server sends as data (usernames, item text) is shown as
 * written, and an Arabic project's dashboard is laid out right to left.
 */
import { expect, test } from 'vitest';
import type { Page } from 'playwright-core';
import { startRig, type BrowserRig } from './browser.js';

const ITEMS = [
  { id: 'a', text: 'Muy bueno.' },
  { id: 'b', text: 'Muy malo.' },
];
const config = (ui_language: unknown) => ({
  annotation_schemes: [{ annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative'] }],
  ui_language,
});

async function dashboard(rig: BrowserRig, path: string, key: string, open: string): Promise<Page> {
  const page = await rig.open(path);
  await page.getByLabel(key).fill(rig.t.adminKey);
  await page.getByRole('button', { name: open }).click();
  return page;
}

test("a Spanish project's dashboard speaks Spanish, its data as written", async () => {
  const rig = await startRig({
    items: ITEMS,
    config: {
      ...config({ _base: 'es', admin_tab_data: 'Ficheros' }),
      review_workflow: { enabled: true, reviewers: ['rita'] },
    },
  });
  const ana = await rig.t.client().login('ana', 'ana-password');
  expect(
    (await ana.post('/updateinstance', { instance_id: 'a', annotations: { 'sentiment:positive': 'true' } })).status,
  ).toBe(200);

  const page = await dashboard(rig, '/#/admin', 'Clave de API de administración', 'Abrir el panel');
  const menu = page.getByRole('navigation', { name: 'Secciones del panel' });
  await menu.waitFor();
  expect(await menu.getByRole('link').allInnerTexts()).toEqual(
    expect.arrayContaining(['Resumen', 'Anotadores', 'Instancias', 'Control de calidad', 'Ajustes', 'Ficheros']),
  );
  expect(await page.getByRole('heading', { level: 1 }).innerText()).toBe('Panel');
  await page.getByRole('heading', { name: 'Resumen', level: 2 }).waitFor();
  expect(await page.getByTestId('card-items').innerText()).toMatch(/2\s+Elementos/);
  expect(await page.getByRole('heading', { name: 'Anotados por anotador' }).count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Actualizar' }).count()).toBe(1);
  expect(await page.title()).toBe('Resumen · Panel · Marginalia');

  await menu.getByRole('link', { name: 'Anotadores' }).click();
  const annotators = page.getByTestId('annotators-table');
  await annotators.waitFor();
  expect(await annotators.locator('thead th').allInnerTexts()).toEqual(
    expect.arrayContaining([expect.stringMatching(/^Anotador/), expect.stringMatching(/^Última actividad/)]),
  );
  expect(await annotators.locator('tbody tr').first().innerText()).toMatch(/^ana\b[\s\S]*activo$/);

  await menu.getByRole('link', { name: 'Instancias' }).click();
  const instances = page.getByTestId('instances-table');
  await instances.waitFor();
  expect(await page.getByLabel('Mostrar estado').locator('option').allInnerTexts()).toEqual([
    'todos',
    'sin anotar',
    'en curso',
    'completados',
  ]);
  expect(await page.getByTestId('instances-range').innerText()).toBe('1–2 de 2');
  expect(await instances.getByRole('row', { name: /Muy malo\./ }).innerText()).toMatch(/sin anotar/);

  await menu.getByRole('link', { name: 'Control de calidad' }).click();
  await page.getByRole('heading', { name: 'Estándar de oro' }).waitFor();
  expect(await page.getByText('No configurado.').count()).toBe(2);

  // the other panels: a word of each, its heading being the menu's
  const panels: [string, (p: Page) => Promise<unknown>][] = [
    ['Búsqueda', (p) => p.getByLabel('Buscar en elementos y respuestas').waitFor()],
    ['Notas y marcas', (p) => p.getByText('Todavía no hay notas ni marcas.').waitFor()],
    ['Tiempo', (p) => p.getByText(/^(Todavía no hay tiempo registrado|Tiempo mediano por elemento)/).waitFor()],
    ['Acuerdo', (p) => p.getByRole('columnheader', { name: 'Esquema' }).waitFor()],
    ['Tablero de revisión', (p) => p.getByRole('region', { name: 'Pendiente' }).getByText('Revisor').first().waitFor()],
    ['Mapa de embeddings', (p) => p.getByTestId('embedding-off').waitFor()],
    ['Webhooks', (p) => p.getByText('No hay endpoints de webhook configurados.').waitFor()],
    ['Automatización', (p) => p.getByText(/^La automatización está desactivada/).waitFor()],
    ['Ficheros', (p) => p.getByRole('heading', { name: 'Importar instancias' }).waitFor()],
    ['Ajustes', (p) => p.getByRole('button', { name: 'Guardar ajustes' }).waitFor()],
  ];
  for (const [name, shown] of panels) {
    await menu.getByRole('link', { name, exact: true }).click();
    await page.getByRole('heading', { name, level: 2 }).waitFor();
    await shown(page);
  }
  expect(await page.getByLabel('Estrategia de asignación').locator('option:checked').innerText()).toBe('orden fijo');
  expect(rig.foreign).toEqual([]);
});

test("an Arabic project's dashboard is laid out right to left", async () => {
  const rig = await startRig({ items: ITEMS, config: config('ar') });
  const page = await dashboard(rig, '/#/admin/annotators', 'مفتاح واجهة الإدارة', 'فتح لوحة المتابعة');
  const menu = page.getByRole('navigation', { name: 'أقسام لوحة المتابعة' });
  await menu.getByRole('link', { name: 'نظرة عامة' }).waitFor();
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
    'ar',
    'rtl',
  ]);
  expect(await menu.evaluate((nav) => getComputedStyle(nav).direction)).toBe('rtl');
  await page.getByText('لا يوجد موسِّمون بعد.').waitFor();
  // the menu stands at the page's right, where a right-to-left reader starts
  const box = (await menu.boundingBox())!;
  expect(box.x + box.width).toBeGreaterThan(page.viewportSize()!.width / 2);
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await rig.screenshot(page, 'dashboard-arabic');
});
