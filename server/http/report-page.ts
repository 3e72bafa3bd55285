/**
 * A read-out drawn on the server as one plain HTML page of tables, for Potato's admin report paths that a person
 * opens in a browser (`/truth_serum/dashboard`, `/admin/triage-queue?format=html`, ...). Every value is text,
 * escaped; the page runs no script and loads nothing (its CSP says so), so an item's text cannot act in it.
 */
import type { Context } from 'koa';
import { escapeHtml } from '../domain/display/sanitize.js';
import type { UiLanguage } from '../config/sections/ui-language.js';

type Cell = string | number | boolean | null | undefined;

interface ReportTable {
  heading: string;
  /** shown when the table has no rows */
  empty: string;
  columns: string[];
  rows: Cell[][];
}

export interface Report {
  title: string;
  /** lines under the title: what the page shows and how it was computed */
  lines: string[];
  tables: ReportTable[];
  /** the page's language and direction (the project's ui_language); English, left to right, when not given */
  lang?: string;
  dir?: 'ltr' | 'rtl';
}

const show = (c: Cell) =>
  c === null || c === undefined
    ? '—'
    : typeof c === 'number'
      ? Number.isInteger(c)
        ? String(c)
        : c.toFixed(3)
      : typeof c === 'boolean'
        ? c
          ? 'yes'
          : 'no'
        : c;

function table(t: ReportTable): string {
  const head = `<h2>${escapeHtml(t.heading)}</h2>`;
  if (!t.rows.length) return `${head}<p>${escapeHtml(t.empty)}</p>`;
  const th = t.columns.map((c) => `<th>${escapeHtml(c)}</th>`).join('');
  const trs = t.rows.map((r) => `<tr>${r.map((c) => `<td>${escapeHtml(show(c))}</td>`).join('')}</tr>`).join('');
  return `${head}<table><thead><tr>${th}</tr></thead><tbody>${trs}</tbody></table>`;
}

function reportHtml(r: Report): string {
  const style =
    'body{font-family:system-ui,sans-serif;max-width:70rem;margin:2rem auto;padding:0 1rem}' +
    'table{border-collapse:collapse;margin-bottom:1.5rem}th,td{border:1px solid #8884;padding:.25rem .5rem;text-align:left;vertical-align:top}';
  return (
    `<!doctype html><html lang="${escapeHtml(r.lang ?? 'en')}" dir="${r.dir ?? 'ltr'}"><meta charset="utf-8"><meta name="viewport" content="width=device-width">` +
    `<title>${escapeHtml(r.title)}</title><style>${style}</style><body><h1>${escapeHtml(r.title)}</h1>` +
    r.lines.map((l) => `<p>${escapeHtml(l)}</p>`).join('') +
    r.tables.map(table).join('') +
    '</body></html>'
  );
}

/** Answers the request with the report's page. */
export function sendReport(ctx: Context, r: Report): undefined {
  ctx.type = 'html';
  ctx.set('Cache-Control', 'no-store');
  ctx.set('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
  ctx.body = reportHtml(r);
  return undefined;
}

/**
 * A page's words in the project's `ui_language`: the page's own table of words for the language (its first subtag
 * picks it), with the project's lang and dir; a language the page has no words for gets the English page, marked
 * as English so a screen reader reads it as such.
 */
export function wordsIn<W>(
  catalogs: { en: W } & Record<string, W>,
  language: UiLanguage,
): { w: W; lang: string; dir: 'ltr' | 'rtl' } {
  const code = language.lang.toLowerCase().split(/[-_]/)[0];
  const w = Object.hasOwn(catalogs, code) ? catalogs[code] : undefined;
  return w ? { w, lang: language.lang, dir: language.dir } : { w: catalogs.en, lang: 'en', dir: 'ltr' };
}
