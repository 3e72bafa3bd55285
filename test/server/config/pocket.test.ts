/** Potato's pocket section: each key acted on, a bad batch size refused by key, idle or unknown keys warned about. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { writeProject } from '../../helpers/project.js';

const load = (pocket: unknown) => loadConfig(writeProject({ config: pocket === undefined ? {} : { pocket } }), {});
const pocketWarnings = (c: ReturnType<typeof load>) => c.warnings.filter((w) => /pocket/.test(w));

describe('pocket config', () => {
  it('is off without the section, and says nothing', () => {
    const c = load(undefined);
    expect(c.pocket).toEqual({ enabled: false, autoRedirect: true, batchSize: 25 });
    expect(pocketWarnings(c)).toEqual([]);
  });

  it("reads Potato's keys, loosely typed as YAML gives them", () => {
    const c = load({ enabled: 'true', auto_redirect: false, batch_size: '40' });
    expect(c.pocket).toEqual({ enabled: true, autoRedirect: false, batchSize: 40 });
    expect(load(true).pocket).toEqual({ enabled: true, autoRedirect: true, batchSize: 25 });
    // what the card stack does not do of Potato's offline app is said once at start-up
    expect(pocketWarnings(c)).toEqual([
      expect.stringMatching(/page is not cached.*batch of 40 items can be answered offline/),
    ]);
  });

  it('refuses a batch size outside 1..200 by its key', () => {
    expect(() => load({ enabled: true, batch_size: 0 })).toThrow(/pocket\.batch_size/);
    expect(() => load({ enabled: true, batch_size: 500 })).toThrow(/pocket\.batch_size/);
  });

  it('warns about unknown keys and about keys while it is off', () => {
    expect(pocketWarnings(load({ enabled: true, offline: true }))).toContainEqual(
      expect.stringMatching(/unknown key "pocket\.offline" is ignored/),
    );
    expect(pocketWarnings(load({ batch_size: 10 }))).toEqual([
      expect.stringMatching(/not acted on while enabled is not true/),
    ]);
  });
});
