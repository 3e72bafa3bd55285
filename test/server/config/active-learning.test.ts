/** Potato's active_learning keys: acted on, refused by key when wrong, or warned about with what happens instead. */
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../server/config/load.js';
import { writeProject } from '../../helpers/project.js';

const load = (activeLearning: unknown, extra: Record<string, unknown> = {}) =>
  loadConfig(
    writeProject({
      config: { assignment_strategy: 'active_learning', active_learning: activeLearning, ...extra },
    }),
    {},
  );
const warnings = (c: ReturnType<typeof load>) => c.warnings.map((w) => w.slice(w.indexOf(': ') + 2));

describe('active_learning config', () => {
  it("reads Potato's keys (its example's values) without a warning", () => {
    const c = load({
      enabled: true,
      query_strategy: 'uncertainty',
      min_instances_for_training: 5,
      update_frequency: 3,
      random_sample_percent: 0.1,
      max_instances_to_reorder: 200,
      schema_names: ['kind'],
      resolution_strategy: 'majority_vote',
    });
    expect(c.settings.assignment_strategy).toBe('active_learning');
    expect(c.activeLearning).toEqual({
      enabled: true,
      schemes: ['kind'],
      minInstances: 5,
      updateFrequency: 3,
      maxToReorder: 200,
      randomShare: 0.1,
    });
    expect(warnings(c)).toEqual([]);
  });

  it('defaults to the first choice scheme and to Potato’s defaults', () => {
    const c = load(undefined);
    expect(c.activeLearning).toEqual({
      enabled: true,
      schemes: ['sentiment'],
      minInstances: 10,
      updateFrequency: 5,
      maxToReorder: null,
      randomShare: 0.2,
    });
    expect(warnings(c)).toEqual([]);
  });

  it('refuses bad values naming the key', () => {
    expect(() => load({ random_sample_percent: 20 })).toThrow(/active_learning\.random_sample_percent: .*0 and 1/);
    expect(() => load({ update_frequency: 0 })).toThrow(/active_learning\.update_frequency: at least 1/);
    expect(() => load({ min_instances_for_training: 1 })).toThrow(/active_learning\.min_instances_for_training/);
    expect(() => load({ max_instances_to_reorder: 2.5 })).toThrow(/active_learning\.max_instances_to_reorder/);
    expect(() => load({ query_strategy: 'psychic' })).toThrow(/active_learning\.query_strategy/);
    expect(() => load({ schema_names: ['nope'] })).toThrow(
      /active_learning\.schema_names\[0\]: no scheme is named "nope"/,
    );
    expect(() => load({ schema_names: ['sentiment', 'evidence'] })).toThrow(
      /active_learning\.schema_names\[1\]: "evidence" is a span scheme/,
    );
  });

  it('warns about the keys it cannot act on, with what happens instead', () => {
    const c = load({
      query_strategy: 'hybrid',
      hybrid_weights: { uncertainty: 0.7, diversity: 0.3 },
      classifier_params: { C: 1 },
      min_annotations_per_instance: 2,
      cold_start_strategy: 'llm',
      model_persistence: { enabled: true },
      llm: { enabled: true },
    });
    const w = warnings(c).join('\n');
    expect(w).toMatch(
      /active_learning\.query_strategy is not acted on: "hybrid" is not available; uncertainty sampling/,
    );
    expect(w).toMatch(/active_learning\.hybrid_weights\/bald_params is not acted on/);
    expect(w).toMatch(/active_learning\.classifier_params is not acted on: the embedded naive Bayes learner/);
    expect(w).toMatch(/active_learning\.min_annotations_per_instance is not acted on/);
    expect(w).toMatch(/active_learning\.cold_start_strategy is not acted on: .*task order/);
    expect(w).toMatch(/active_learning\.database\/model_persistence is not acted on: .*recomputed/);
    expect(w).toMatch(/active_learning\.llm is not acted on/);
    expect(w).not.toMatch(/unknown key/);
  });

  it('enabled: false hands out in task order, and the section without the strategy is warned about', () => {
    expect(warnings(load({ enabled: false })).join('\n')).toMatch(/enabled: false hands items out in task order/);
    const other = load({ enabled: true }, { assignment_strategy: 'random' });
    expect(warnings(other).join('\n')).toMatch(
      /active_learning is not acted on: assignment_strategy is "random"; set assignment_strategy: active_learning/,
    );
  });
});
