/**
 * Reads the items files of attention checks and gold standards. Each item is an instance (id and text under the
 * project's keys) plus its expected answer: `expected_answer` for attention checks, `gold_label` for gold
 * standards (`{"<scheme>": "<label>"}`, an array of labels for multiselect). Answers naming an unknown scheme or
 * label stop startup, since such a check could never be passed.
 */
import { existsSync } from 'node:fs';
import { readInstances, type ItemKeys } from './data-files.js';
import type { CheckItem, QualityConfig } from '../domain/quality/checks.js';
import type { Task } from '../domain/task.js';
import type { AttentionChecksConfig, GoldStandardsConfig } from './sections/quality.js';

export class QualityItemsError extends Error {}

function readChecks(
  file: string,
  keys: ItemKeys,
  answerKeys: string[],
  kind: CheckItem['kind'],
  task: Task,
): CheckItem[] {
  if (!existsSync(file)) throw new QualityItemsError(`${file}: items file not found`);
  const items = readInstances([file], keys);
  if (!items.length) throw new QualityItemsError(`${file}: holds no items`);
  return items.map((instance) => {
    const key = answerKeys.find((k) => instance.data[k] !== undefined);
    const expected = key ? instance.data[key] : undefined;
    if (!expected || typeof expected !== 'object' || Array.isArray(expected)) {
      throw new QualityItemsError(`${file}: item "${instance.id}" needs ${answerKeys[0]} as {"<scheme>": "<label>"}`);
    }
    const answer: Record<string, string | string[]> = {};
    for (const [schemeName, value] of Object.entries(expected)) {
      const scheme = task.schemeByName.get(schemeName);
      if (!scheme) throw new QualityItemsError(`${file}: item "${instance.id}" names unknown scheme "${schemeName}"`);
      const labels = (Array.isArray(value) ? value : [value]).map(String);
      for (const label of labels) {
        if (!scheme.labels.some((l) => l.name === label))
          throw new QualityItemsError(
            `${file}: item "${instance.id}": "${label}" is not a label of scheme "${schemeName}"`,
          );
      }
      answer[schemeName] = Array.isArray(value) ? labels : labels[0];
    }
    if (task.instanceById.has(instance.id))
      throw new QualityItemsError(`${file}: item id "${instance.id}" is also the id of a task instance`);
    return { kind, instance, expected: answer };
  });
}

export function readQualityConfig(
  attention: AttentionChecksConfig | undefined,
  gold: GoldStandardsConfig | undefined,
  locate: (name: string) => string,
  keys: ItemKeys,
  task: Task,
): QualityConfig {
  const config: QualityConfig = {};
  if (attention?.enabled) {
    config.attention = {
      frequency: attention.frequency,
      warnThreshold: attention.failure_handling.warn_threshold,
      blockThreshold: attention.failure_handling.block_threshold,
      items: readChecks(locate(attention.items_file), keys, ['expected_answer', 'expected'], 'attention_check', task),
    };
  }
  if (gold?.enabled) {
    config.gold = {
      frequency: gold.frequency,
      items: readChecks(
        locate(gold.items_file),
        keys,
        ['gold_label', 'gold_labels', 'expected_answer'],
        'gold_standard',
        task,
      ),
    };
  }
  const ids = new Set<string>();
  for (const item of [...(config.attention?.items ?? []), ...(config.gold?.items ?? [])]) {
    if (ids.has(item.instance.id))
      throw new QualityItemsError(`quality-control item id "${item.instance.id}" appears twice`);
    ids.add(item.instance.id);
  }
  return config;
}
