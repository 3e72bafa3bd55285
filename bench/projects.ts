/**
 * Benchmark projects: a Potato config with `size` instances and a data folder that already holds
 * `annotatorsPerItem × size` annotations by seeded annotators (1M at 100k), as a project looks after weeks of
 * work. The data folder is written through the real JournalStore and compacted into its snapshot, so the server
 * starts from exactly what it would have saved itself; records are built with the domain's own validation so
 * their shape is the one the service writes. Generated folders are cached (generation at 100k takes a while) and
 * each run works on a fresh copy.
 */
import {
  closeSync,
  cpSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { stringify } from 'yaml';
import { loadConfig } from '../server/config/load.js';
import { JournalStore } from '../server/storage/journal-store.js';
import { PACKED_TABLES } from '../server/index.js';
import { seededRandom } from '../server/domain/seeded-random.js';
import { annotationKey, type AnnotationRecord } from '../server/domain/annotation/records.js';
import { validateLabels } from '../server/domain/annotation/validate.js';
import { validateSpans } from '../server/domain/annotation/validate-spans.js';
import type { StoreOp } from '../server/domain/ports.js';

/** Bump when the generated data changes, so cached folders are rebuilt. */
// 7: packs and the snapshot carry checksums; 6: packs hold key hashes (MGP3); 5: pack files hold their index;
// 4: assignments packed, one-off strings kept out of the dictionary
const GENERATOR_VERSION = 7;

const SCHEMES = [
  { annotation_type: 'radio', name: 'sentiment', labels: ['positive', 'negative', 'neutral'] },
  { annotation_type: 'likert', name: 'helpfulness', size: 5, min_label: 'no', max_label: 'very' },
  { annotation_type: 'multiselect', name: 'topics', labels: ['price', 'shipping', 'quality', 'support'] },
  { annotation_type: 'span', name: 'evidence', labels: ['positive', 'negative'] },
];
export const SENTIMENTS = ['positive', 'negative', 'neutral'];

const WORDS =
  'the product arrived late but works great shipping was slow price fair quality poor support helpful box broken sound clear battery lasts'.split(
    ' ',
  );

export interface BenchProject {
  size: number;
  /** the project folder: config.yaml, data.jsonl */
  dir: string;
  configFile: string;
  /** a fresh data folder for one server start */
  dataDir: string;
  /** stored annotations before the run */
  annotations: number;
  /** instance ids in order */
  ids: string[];
}

export interface ProjectOptions {
  size: number;
  annotatorsPerItem: number;
  /** where generated projects are cached */
  cacheDir: string;
  /** extra config keys (a webhooks section) */
  config?: Record<string, unknown>;
  log?: (message: string) => void;
}

const idOf = (n: number) => `item-${String(n + 1).padStart(6, '0')}`;

function itemText(random: () => number, n: number): string {
  const words = Array.from(
    { length: 25 + Math.floor(random() * 30) },
    () => WORDS[Math.floor(random() * WORDS.length)],
  );
  return `Review ${n + 1}: ${words.join(' ')}.`;
}

/** Writes config.yaml and data.jsonl; returns the config path. */
function writeConfig(dir: string, size: number, extra: Record<string, unknown> = {}): string {
  mkdirSync(dir, { recursive: true });
  const random = seededRandom(size);
  const lines: string[] = [];
  for (let n = 0; n < size; n++) lines.push(JSON.stringify({ id: idOf(n), text: itemText(random, n) }));
  writeFileSync(join(dir, 'data.jsonl'), lines.join('\n') + '\n');
  const config = {
    annotation_task_name: `Bench ${size}`,
    data_files: ['data.jsonl'],
    item_properties: { id_key: 'id', text_key: 'text' },
    annotation_schemes: SCHEMES,
    user_config: { allow_all_users: true, users: [] },
    require_password: true,
    assignment_strategy: 'fixed_order',
    output_annotation_dir: 'out',
    admin_api_key: 'bench-admin-key-0123456789abcdef',
    ...extra,
  };
  const file = join(dir, 'config.yaml');
  writeFileSync(file, stringify(config));
  return file;
}

/** Fills `dataDir` with the seeded annotators' lists, annotations and completions, then compacts the journal. */
async function seedData(configFile: string, dataDir: string, annotatorsPerItem: number): Promise<number> {
  const { task } = loadConfig(configFile, {});
  const store = await JournalStore.open(dataDir, { packed: PACKED_TABLES });
  const ids = task.instances.map((i) => i.id);
  const random = seededRandom(42);
  const created = new Date(Date.UTC(2026, 0, 1)).toISOString();
  let ops: StoreOp[] = [];
  let count = 0;
  const flush = async () => {
    if (ops.length) await store.write(ops);
    ops = [];
  };
  for (let a = 0; a < annotatorsPerItem; a++) {
    const username = `seed-${String(a + 1).padStart(2, '0')}`;
    ops.push({ table: 'assignments', key: username, value: { username, instance_ids: ids, created_at: created } });
    ops.push({ table: 'cursors', key: username, value: { index: ids.length - 1 } });
  }
  await flush();
  for (const instance of task.instances) {
    // annotators mostly agree on an item's "true" sentiment, so agreement figures are realistic, not 0
    const truth = Math.floor(random() * 3);
    for (let a = 0; a < annotatorsPerItem; a++) {
      const username = `seed-${String(a + 1).padStart(2, '0')}`;
      const sentiment = random() < 0.8 ? truth : Math.floor(random() * 3);
      const answers: Record<string, string> = {
        [`sentiment:${SENTIMENTS[sentiment]}`]: 'true',
        [`helpfulness:${1 + Math.floor(random() * 5)}`]: 'true',
      };
      if (random() < 0.3)
        answers[`topics:${['price', 'shipping', 'quality', 'support'][Math.floor(random() * 4)]}`] = 'true';
      const spans =
        random() < 0.2
          ? [
              {
                schema: 'evidence',
                name: sentiment === 1 ? 'negative' : 'positive',
                start: 0,
                end: Math.min(6, instance.text.length),
              },
            ]
          : [];
      const record: AnnotationRecord = {
        username,
        instance_id: instance.id,
        labels: validateLabels(task, answers),
        spans: validateSpans(task, instance, username, spans),
        created_at: created,
        updated_at: created,
      };
      ops.push({ table: 'annotations', key: annotationKey(username, instance.id), value: record });
      count++;
    }
    ops.push({ table: 'completions', key: instance.id, value: { completed_at: created } });
    if (ops.length >= 20_000) await flush();
  }
  ops.push({ table: 'completions', key: '', value: { completed_at: created } });
  await flush();
  await store.compact();
  await store.close();
  return count;
}

/**
 * The cached project for `size` (generated on first use) with a fresh copy of its data folder under `workDir`.
 * `config` extras change the config file only, never the cached data.
 */
export async function benchProject(o: ProjectOptions, workDir: string): Promise<BenchProject> {
  const base = join(o.cacheDir, `v${GENERATOR_VERSION}-${o.size}x${o.annotatorsPerItem}`);
  const seeded = join(base, 'data');
  const done = join(base, 'complete');
  if (!existsSync(done)) {
    o.log?.(
      `generating a ${o.size}-instance project with ${o.size * o.annotatorsPerItem} annotations (cached in ${base})…`,
    );
    rmSync(base, { recursive: true, force: true });
    const configFile = writeConfig(base, o.size);
    const count = await seedData(configFile, seeded, o.annotatorsPerItem);
    writeFileSync(done, String(count));
  }
  const dir = join(workDir, `project-${o.size}`);
  const configFile = writeConfig(dir, o.size, o.config);
  const dataDir = join(dir, 'data');
  rmSync(dataDir, { recursive: true, force: true });
  cpSync(seeded, dataDir, { recursive: true });
  // written back to disk now, not while the server is measured: the copy of the 100k project is ~90 MB, and its
  // writeback made the journal's syncs (and so durable updateinstance) slower in whichever measurement it overlapped
  for (const name of readdirSync(dataDir)) syncFile(join(dataDir, name));
  syncFile(dataDir);
  return {
    size: o.size,
    dir,
    configFile,
    dataDir,
    annotations: o.size * o.annotatorsPerItem,
    ids: Array.from({ length: o.size }, (_, n) => idOf(n)),
  };
}

function syncFile(path: string): void {
  const fd = openSync(path, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}
