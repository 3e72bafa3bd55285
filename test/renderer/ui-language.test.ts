/**
 * Potato's ui_language in headless Chromium against the real server: a Spanish study speaks Spanish from its login
 * page to its progress page and in the top bar's links, a German one in its codebook panel and on a phone's card
 * stack, and an Arabic one is laid out right to left.
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
  // the top bar names its screens in Spanish too (a screen's link shows while the screen is open)
  const screens = page.getByRole('navigation', { name: 'Screens' });
  expect(await screens.getByRole('link', { name: 'Anotar', exact: true }).count()).toBe(1);
  for (const [hash, name] of [
    ['#/rooms', 'Salas'],
    ['#/sessions', 'Sesiones'],
    ['#/admin', 'Panel'],
  ]) {
    await page.evaluate((to) => (location.hash = to), hash);
    await screens.getByRole('link', { name, exact: true }).waitFor();
  }
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

test("a German study: the codebook panel and a phone's card stack in German", async () => {
  const rig = await startRig({
    items: ITEMS,
    config: {
      annotation_schemes: [
        { annotation_type: 'multiselect', name: 'themes', codebook: true, labels: ['preis', 'ort'] },
      ],
      codebook_mode: 'fixed',
      pocket: { enabled: true },
      login: { type: 'url_direct', url_argument: 'PROLIFIC_PID' },
      ui_language: 'de',
    },
  });
  const page = await rig.open('/?PROLIFIC_PID=desk01');
  const panel = page.getByRole('region', { name: 'Codebuch' });
  await panel.getByRole('button', { name: /^Codebuch/ }).click();
  await panel.getByLabel('Neuer Code').waitFor();
  expect(await panel.getByLabel('Was er bedeutet').count()).toBe(1);
  expect(await panel.getByRole('button', { name: 'Code vorschlagen' }).count()).toBe(1);

  // a phone is sent to the card stack by its user agent
  const phone = await rig.browser.newContext({
    userAgent: 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148',
    viewport: { width: 390, height: 844 },
    hasTouch: true,
    isMobile: true,
  });
  const cards = await phone.newPage();
  await cards.goto(`${rig.t.url}/?PROLIFIC_PID=phone01`);
  await cards.waitForURL(/#\/pocket$/);
  await cards.getByRole('button', { name: 'Speichern und weiter' }).waitFor();
  expect(await cards.getByRole('button', { name: 'Zurück' }).count()).toBe(1);
  expect(await cards.getByRole('link', { name: 'Vollansicht' }).count()).toBe(1);
  expect(rig.foreign).toEqual([]);
  await phone.close();
});
