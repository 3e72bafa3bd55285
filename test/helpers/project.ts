/** Writes a small Potato project into a temp folder: a config plus its data files. */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { stringify } from 'yaml';
import { tempDir } from './temp-dir.js';

export const SAMPLE_SCHEMES = [
  { annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative', 'neutral'] },
  { annotation_type: 'multiselect', name: 'topics', labels: ['price', 'quality'] },
  { annotation_type: 'likert', name: 'helpful', size: 5, min_label: 'no', max_label: 'yes' },
  { annotation_type: 'select', name: 'kind', labels: ['a', 'b'] },
  { annotation_type: 'text', name: 'note' },
  { annotation_type: 'number', name: 'stars', min: 1, max: 5 },
  { annotation_type: 'slider', name: 'confidence', min_value: 0, max_value: 100, starting_value: 50 },
  { annotation_type: 'span', name: 'evidence', labels: ['pos', 'neg'] },
];

export function sampleItems(n: number): { id: string; text: string }[] {
  return Array.from({ length: n }, (_, i) => ({
    id: `item-${i + 1}`,
    text: `Item ${i + 1}: the product was great but shipping was slow.`,
  }));
}

export interface ProjectSpec {
  config?: Record<string, unknown>;
  items?: { id: string; text: string; [k: string]: unknown }[];
  /** extra files: relative path → content (bytes for a file in another encoding than UTF-8) */
  files?: Record<string, string | Uint8Array>;
  dir?: string;
}

/** Returns the config path. The config names `data.jsonl`, written from `items`, unless it sets data_files itself. */
export function writeProject(spec: ProjectSpec = {}): string {
  const dir = spec.dir ?? tempDir('marginalia-project-');
  const items = spec.items ?? sampleItems(10);
  writeFileSync(join(dir, 'data.jsonl'), items.map((i) => JSON.stringify(i)).join('\n') + '\n');
  for (const [name, content] of Object.entries(spec.files ?? {})) {
    mkdirSync(dirname(join(dir, name)), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  const config = {
    annotation_task_name: 'Test task',
    data_files: ['data.jsonl'],
    item_properties: { id_key: 'id', text_key: 'text' },
    annotation_schemes: SAMPLE_SCHEMES,
    user_config: { allow_all_users: true, users: [] },
    output_annotation_dir: 'out',
    ...spec.config,
  };
  const file = join(dir, 'config.yaml');
  writeFileSync(file, stringify(config));
  return file;
}
