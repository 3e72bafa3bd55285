/**
 * Potato's ui_language in headless Chromium against the real server: a Spanish study speaks Spanish from its login
 * page to its progress page, and an Arabic one is laid out right to left.
 */
import { expect, test } from 'vitest';
import { startRig } from './browser.js';

const PASSWORD = 'correct-horse';
const config = (ui_language: unknown) => ({
  annotation_schemes: [{ annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative'] }],
  annotator_dashboard: { enabled: true },
  ui_language,
});
const ITEMS = [
  { id: 'a', text: 'Muy bueno.' },
  { id: 'b', text: 'Muy malo.' },
];

test('a Spanish study: login, annotate page and progress page in Spanish', async () => {
  const rig = await startRig({ items: ITEMS, config: config({ _base: 'es', login_title: 'Estudio de reseñas' }) });
  const page = await rig.open('/');
  await page.getByRole('heading', { name: 'Estudio de reseñas' }).waitFor();
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
    'es',
    'ltr',
  ]);
  await page.getByLabel('Nombre de usuario').fill('ana');
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Crear cuenta' }).click();

  await page.getByTestId('instance-text').waitFor();
  for (const name of ['← Anterior', 'Enviar y seguir ⏎', 'Siguiente →'])
    expect(await page.getByRole('button', { name, exact: true }).count()).toBe(1);
  expect(await page.getByRole('button', { name: 'Cerrar sesión' }).count()).toBe(1);
  await page.getByRole('link', { name: 'Progreso' }).click();
  await page.getByRole('heading', { name: 'Tu progreso de anotación' }).waitFor();
  expect(await page.getByTestId('card-assigned').innerText()).toMatch(/2\s+Asignados/);
  expect(await page.getByRole('link', { name: 'Volver a anotar' }).count()).toBe(1);
  expect(rig.foreign).toEqual([]);
});

test('an Arabic study is laid out right to left', async () => {
  const rig = await startRig({ items: ITEMS, config: config('ar') });
  const page = await rig.open('/');
  await page.getByRole('button', { name: 'تسجيل الدخول' }).waitFor();
  expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual([
    'ar',
    'rtl',
  ]);
  expect(await page.evaluate(() => getComputedStyle(document.body).direction)).toBe('rtl');
  // nothing hidden off to the side widens the page (a right-to-left page can scroll to its left)
  expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
  await rig.screenshot(page, 'ui-language-arabic');
});
