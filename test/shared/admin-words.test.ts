/**
 * The admin dashboard's word tables: every word the dashboard has in English has an entry in every bundled
 * language, with the same `{places}`, so a word added to the dashboard cannot be left untranslated or lose a value.
 */
import { describe, expect, it } from 'vitest';
import { ADMIN_TEXT } from '../../shared/admin-words/en.js';
import { BUNDLED_LANGUAGES, UI_TEXT } from '../../shared/ui-language.js';

const places = (word: string) => [...word.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();
const keys = Object.keys(ADMIN_TEXT) as (keyof typeof ADMIN_TEXT)[];

describe('the admin dashboard words', () => {
  it('are words of the page, sent with the others', () => {
    expect(keys.length).toBeGreaterThan(50);
    for (const key of keys) expect(UI_TEXT[key], key).toBe(ADMIN_TEXT[key]);
  });

  for (const [code, catalog] of Object.entries(BUNDLED_LANGUAGES))
    it(`each has its ${code} entry, with the same places`, () => {
      const missing = keys.filter((k) => typeof catalog.text[k] !== 'string' || !catalog.text[k].trim());
      expect(missing).toEqual([]);
      const misplaced = keys.filter((k) => places(catalog.text[k]).join() !== places(ADMIN_TEXT[k]).join());
      expect(misplaced).toEqual([]);
      const extra = Object.keys(catalog.text).filter((k) => !Object.hasOwn(UI_TEXT, k));
      expect(extra).toEqual([]);
    });
});
