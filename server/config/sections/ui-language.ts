/**
 * Potato's `ui_language`: a bundled language's code (`es`), or a block of strings by Potato's key names, with
 * `_base` naming a bundled language to start from and `html_lang` / `html_dir` for the page. English is the base
 * otherwise. An unknown code falls back to English with a warning, as in Potato. The admin dashboard takes Potato's
 * `admin_*` keys for the words it shares with Potato's; keys of Potato's dashboard tabs and columns ours lacks, and
 * of pages drawn differently here (Potato's specialist pages), are named in a warning.
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
  const dashboard = notShown.filter((k) => k.startsWith('admin_'));
  const pages = notShown.filter((k) => !k.startsWith('admin_'));
  if (dashboard.length)
    warn(
      `ui_language: ${dashboard.join(', ')} name(s) words of Potato's admin dashboard that this one does not ` +
        `show (its panels and columns differ); they are not used, and the dashboard keeps its own words in ` +
        `${base.lang}`,
    );
  if (pages.length)
    warn(
      `ui_language: ${pages.join(', ')} name(s) words of pages drawn differently here (Potato's own pages) and ` +
        `are not shown; those pages stay in English`,
    );
  if (html_dir !== undefined && html_dir !== 'ltr' && html_dir !== 'rtl')
    warn(`ui_language.html_dir: "${html_dir}" is neither ltr nor rtl; ${base.dir} is used`);
  const dir = html_dir === 'rtl' || html_dir === 'ltr' ? html_dir : base.dir;
  return { lang: html_lang ?? base.lang, dir, text };
}
