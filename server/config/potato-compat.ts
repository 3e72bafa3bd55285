/**
 * Potato configs in the wild use keys and scheme types from older or richer Potato releases. Rather than refuse
 * them, map what has a meaning here and warn about what is left out, so a lab's existing config loads as it is.
 */

type Mapping = Record<string, unknown>;

/** Top-level keys read here. */
export const COMPAT_KEYS = new Set(['automatic_assignment']);

export function adaptPotatoConfig(config: Mapping, file: string): { config: Mapping; warnings: string[] } {
  const warnings: string[] = [];
  const out: Mapping = { ...config };

  // Older Potato: automatic_assignment {on, labels_per_instance, instance_per_annotator, sampling_strategy}.
  const auto = config.automatic_assignment as Mapping | undefined;
  if (auto && typeof auto === 'object' && (auto.on === true || auto.on === 'true' || auto.on === 'True')) {
    const take = (target: string, value: unknown) => {
      if (value !== undefined && out[target] === undefined) out[target] = value;
    };
    take('num_annotators_per_item', auto.labels_per_instance);
    take('max_annotations_per_user', auto.instance_per_annotator);
    const strategy =
      auto.sampling_strategy === 'random' ? 'random' : auto.sampling_strategy === 'ordered' ? 'fixed_order' : undefined;
    take('assignment_strategy', strategy);
    if (Number(auto.test_question_per_annotator) > 0)
      warnings.push(
        `${file}: automatic_assignment.test_question_per_annotator is ignored; use attention_checks or gold_standards`,
      );
  }
  return { config: out, warnings };
}
