/**
 * Potato's `ui_language`: a bundled language's code (`es`), or a block of strings by Potato's key names, with
 * `_base` naming a bundled language to start from and `html_lang` / `html_dir` for the page. English is the base
 * otherwise. An unknown code falls back to English with a warning, as in Potato; keys for pages this project draws
 * differently (its admin dashboard, Potato's specialist pages) are named in one warning and stay English.
 */
import { z } from 'zod';
import { BUNDLED_LANGUAGES, UI_TEXT, type UiText, type UiTextKey } from '../../../shared/ui-language.js';

export const uiLanguageSchema = z.lazy(() =>
  z.union([z.string().trim().min(1), z.record(z.string(), z.union([z.string(), z.number()]).transform(String))]),
);

export interface UiLanguage {
  lang: string;
  dir: 'ltr' | 'rtl';
  text: UiText;
}

const ENGLISH: UiLanguage = { lang: 'en', dir: 'ltr', text: UI_TEXT };
const isKey = (k: string): k is UiTextKey => Object.hasOwn(UI_TEXT, k);

function bundled(code: string, key: string, warn: (m: string) => void): UiLanguage {
  if (/^en([-_]|$)/i.test(code)) return ENGLISH;
  const found = BUNDLED_LANGUAGES[code.toLowerCase().split(/[-_]/)[0]];
  if (found) return found;
  warn(
    `${key}: "${code}" is not a bundled language (${Object.keys(BUNDLED_LANGUAGES).join(', ')}); the pages are shown in English`,
  );
  return ENGLISH;
}

export function readUiLanguage(
  raw: z.output<typeof uiLanguageSchema> | undefined,
  warn: (message: string) => void,
): UiLanguage {
  if (raw === undefined) return ENGLISH;
  if (typeof raw === 'string') return bundled(raw, 'ui_language', warn);
  const { _base, html_lang, html_dir, ...strings } = raw;
  const base = _base ? bundled(_base, 'ui_language._base', warn) : ENGLISH;
  const text = { ...base.text };
  const notShown: string[] = [];
  for (const [key, value] of Object.entries(strings)) {
    if (isKey(key)) text[key] = value;
    else notShown.push(key);
  }
  if (notShown.length)
    warn(
      `ui_language: ${notShown.join(', ')} name(s) words of pages drawn differently here (the admin dashboard, ` +
        `Potato's own pages) and are not shown; those pages stay in English`,
    );
  if (html_dir !== undefined && html_dir !== 'ltr' && html_dir !== 'rtl')
    warn(`ui_language.html_dir: "${html_dir}" is neither ltr nor rtl; ${base.dir} is used`);
  const dir = html_dir === 'rtl' || html_dir === 'ltr' ? html_dir : base.dir;
  return { lang: html_lang ?? base.lang, dir, text };
}
