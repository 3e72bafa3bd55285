/** Potato's mace keys: acted on with Potato's defaults, refused by key when wrong, warned about when idle. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { writeProject } from '../../helpers/project.js';

const load = (mace: unknown, extra: Record<string, unknown> = {}) =>
  loadConfig(writeProject({ config: { mace, ...extra } }), {});
const warnings = (c: ReturnType<typeof load>) => c.warnings.map((w) => w.slice(w.indexOf(': ') + 2));

describe('mace config', () => {
  it("reads every key of Potato's section without a warning", () => {
    const c = load({
      enabled: 'true',
      trigger_every_n: 4,
      min_annotations_per_item: '2',
      min_items: 2,
      num_restarts: 3,
      num_iters: 20,
      alpha: 0.25,
      beta: 1,
    });
    expect(c.mace).toEqual({
      enabled: true,
      triggerEveryN: 4,
      minAnnotationsPerItem: 2,
      minItems: 2,
      numRestarts: 3,
      numIters: 20,
      alpha: 0.25,
      beta: 1,
    });
    expect(warnings(c)).toEqual([]);
  });

  it("defaults to Potato's values, and is off without the section", () => {
    expect(load({ enabled: true }).mace).toEqual({
      enabled: true,
      triggerEveryN: 10,
      minAnnotationsPerItem: 3,
      minItems: 5,
      numRestarts: 10,
      numIters: 50,
      alpha: 0.5,
      beta: 0.5,
    });
    expect(load(undefined).mace.enabled).toBe(false);
  });

  it('refuses a bad value naming its key', () => {
    expect(() => load({ enabled: true, min_annotations_per_item: 1 })).toThrow(/mace\.min_annotations_per_item/);
    expect(() => load({ enabled: true, num_iters: 0 })).toThrow(/mace\.num_iters/);
    expect(() => load({ enabled: true, alpha: 0 })).toThrow(/mace\.alpha/);
  });

  it('warns about an unknown key in the section, and about MACE with no scheme to estimate', () => {
    expect(warnings(load({ enabled: true, num_iterations: 5 }))).toEqual([
      'unknown key "mace.num_iterations" is ignored',
    ]);
    const textOnly = load(
      { enabled: true },
      { annotation_schemes: [{ annotation_type: 'text', name: 'note', description: 'Note' }] },
    );
    expect(warnings(textOnly)).toEqual([
      'mace is enabled but no scheme is radio, likert, select or multiselect: nothing is estimated',
    ]);
  });
});
