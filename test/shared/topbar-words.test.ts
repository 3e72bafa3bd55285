/**
 * The top bar's screen links (Annotate, Rooms, Sessions, Dashboard) are words of the page like the others: each has
 * an entry in every bundled language, so a project's ui_language names its screens in its own words.
 */
import { describe, expect, it } from 'vitest';
import { BUNDLED_LANGUAGES, UI_TEXT, type UiTextKey } from '../../shared/ui-language.js';

const TOPBAR = {
  nav_annotate: 'Annotate',
  nav_rooms: 'Rooms',
  nav_sessions: 'Sessions',
  nav_dashboard: 'Dashboard',
} as Record<UiTextKey, string>;
const keys = Object.keys(TOPBAR) as UiTextKey[];

describe("the top bar's words", () => {
  it('are words of the page, English by default', () => {
    for (const key of keys) expect(UI_TEXT[key], key).toBe(TOPBAR[key]);
  });

  for (const [code, catalog] of Object.entries(BUNDLED_LANGUAGES))
    it(`each has its ${code} entry`, () => {
      const missing = keys.filter((k) => typeof catalog.text[k] !== 'string' || !catalog.text[k].trim());
      expect(missing).toEqual([]);
    });
});
