/**
 * Potato's ui_language: a bundled language by its code, or strings by Potato's key names over a base, resolved at
 * start-up and sent with GET /api/study (before any login: the login page uses it too); what cannot be shown is
 * warned about.
 */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { UI_TEXT } from '../../../shared/ui-language.js';
import { writeProject } from '../../helpers/project.js';
import { startServer } from '../../helpers/server.js';

const load = (ui_language: unknown) => loadConfig(writeProject({ config: { ui_language } }), {});
const languageWarnings = (c: { warnings: string[] }) => c.warnings.filter((w) => w.includes('ui_language'));

describe('ui_language', () => {
  it('reads a bundled code, English by default and for en-*, with no warning', () => {
    expect(loadConfig(writeProject(), {}).uiLanguage).toEqual({ lang: 'en', dir: 'ltr', text: UI_TEXT });
    const spanish = load('es');
    expect(spanish.uiLanguage).toMatchObject({ lang: 'es', dir: 'ltr' });
    expect(spanish.uiLanguage.text.next_button).toBe('Siguiente');
    expect(spanish.uiLanguage.text.dash_subtitle).toBe('Tu progreso de anotación');
    expect(languageWarnings(spanish)).toEqual([]);
    expect(load('en-GB').uiLanguage.text).toEqual(UI_TEXT);
    expect(load('pt-BR').uiLanguage.lang).toBe('pt');
    expect(load('ar').uiLanguage).toMatchObject({ lang: 'ar', dir: 'rtl' });
  });

  it('falls back to English for a code it does not bundle, saying so', () => {
    const klingon = load('tlh');
    expect(klingon.uiLanguage.text).toEqual(UI_TEXT);
    expect(languageWarnings(klingon)).toEqual([
      expect.stringMatching(
        /ui_language: "tlh" is not a bundled language \(es, fr, de, pt, ar\); the pages are shown in English$/,
      ),
    ]);
  });

  it('lays strings over a base, takes lang and direction, and names the keys of pages it draws differently', () => {
    const custom = load({
      _base: 'de',
      html_lang: 'de-CH',
      html_dir: 'rtl',
      next_button: 'Witer',
      admin_tab_overview: 'Lagebild',
      admin_tab_behavioral: 'Verhalten',
      iaa_title: 'IAA',
    });
    expect(custom.uiLanguage).toMatchObject({ lang: 'de-CH', dir: 'rtl' });
    expect(custom.uiLanguage.text).toMatchObject({
      next_button: 'Witer',
      previous_button: 'Zurück',
      // the dashboard's words: Potato's key for a tab it shares, over the base's
      admin_tab_overview: 'Lagebild',
      admin_tab_annotators: 'Annotierende',
    });
    expect(languageWarnings(custom)).toEqual([
      expect.stringMatching(
        /ui_language: admin_tab_behavioral name\(s\) words of Potato's admin dashboard that this one does not show .*own words in de$/,
      ),
      expect.stringMatching(/ui_language: iaa_title name\(s\) words of pages drawn differently/),
    ]);
    // inline strings alone start from English
    const inline = load({ next_button: 'Avanti', html_dir: 'sideways' });
    expect(inline.uiLanguage.text).toMatchObject({ next_button: 'Avanti', previous_button: 'Previous' });
    expect(inline.uiLanguage.dir).toBe('ltr');
    expect(languageWarnings(inline)).toEqual([
      expect.stringMatching(/html_dir: "sideways" is neither ltr nor rtl; ltr/),
    ]);
  });

  it('is a config error when it is neither a code nor a block of strings', () => {
    expect(() => load(['es'])).toThrow(/ui_language/);
  });

  it('is sent with GET /api/study, before any login', async () => {
    const t = await startServer({ config: { ui_language: { _base: 'fr', login_title: 'Mon étude' } } });
    const study = await t.client().get('/api/study');
    expect(study.status).toBe(200);
    expect(study.body.ui).toMatchObject({
      lang: 'fr',
      dir: 'ltr',
      text: { login_title: 'Mon étude', sign_in_button: 'Se connecter' },
    });
    await t.close();
  });
});
