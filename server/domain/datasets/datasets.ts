/**
 * Versioned datasets of evaluation examples (Potato's `datasets` section). Every change of a dataset's examples
 * makes a new immutable version holding the whole example set (v0001, v0002, …), so an experiment names exactly
 * what it scored; tags (`prod`) point at one version each, and reads pick a version with `as_of` (latest, a tag,
 * or a version id).
 */
import { invalid, notFound } from '../errors.js';
import { isoTime, type Clock, type Store, type StoreOp } from '../ports.js';
import { versionKey, type DatasetRecord, type DatasetVersion, type Example } from './records.js';

/** An example as a caller hands it in; a missing id is given one, unique in the dataset. */
export interface NewExample {
  id?: string;
  inputs?: unknown;
  reference_outputs?: unknown;
  metadata?: Record<string, unknown>;
  split?: string;
}

export class Datasets {
  constructor(
    private readonly store: Store,
    private readonly clock: Clock,
  ) {}

  list(): DatasetRecord[] {
    return [...this.store.entries('eval_datasets')].map(([, d]) => d).sort((a, b) => a.name.localeCompare(b.name));
  }

  get(name: string): DatasetRecord | undefined {
    return this.store.get('eval_datasets', name);
  }

  /** The dataset, which must exist. */
  known(name: string): DatasetRecord {
    const found = this.get(name);
    if (!found) throw notFound(`dataset "${name}" does not exist (POST /datasets/api/datasets creates it)`);
    return found;
  }

  /** Creates the dataset; one that exists is answered as it is, as Potato does. */
  async create(name: string, description = ''): Promise<DatasetRecord> {
    const existing = this.get(name);
    if (existing) return existing;
    const record: DatasetRecord = { name, description, created_at: isoTime(this.clock.now()), versions: [] };
    await this.store.write([{ table: 'eval_datasets', key: name, value: record }]);
    return record;
  }

  async delete(name: string): Promise<boolean> {
    const found = this.get(name);
    if (!found) return false;
    await this.store.write([
      { table: 'eval_datasets', key: name, delete: true },
      ...found.versions.map((v): StoreOp => ({
        table: 'eval_dataset_versions',
        key: versionKey(name, v.version_id),
        delete: true,
      })),
    ]);
    return true;
  }

  /**
   * A new version: the latest examples with these added (an example with an id already there replaces it).
   * The dataset is created when missing, as Potato's import does.
   */
  async addExamples(name: string, added: NewExample[], note = ''): Promise<DatasetVersion> {
    const dataset = this.get(name) ?? (await this.create(name));
    const current = this.examples(dataset.name, 'latest');
    const byId = new Map(current.map((e) => [e.id, e]));
    const versionId = `v${String(dataset.versions.length + 1).padStart(4, '0')}`;
    added.forEach((e, i) => {
      const id = e.id ?? freshId(byId, versionId, i);
      byId.set(id, {
        id,
        inputs: e.inputs ?? {},
        reference_outputs: e.reference_outputs ?? null,
        metadata: e.metadata ?? {},
        split: e.split || 'test',
      });
    });
    const examples = [...byId.values()];
    const version: DatasetVersion = {
      version_id: versionId,
      created_at: isoTime(this.clock.now()),
      example_count: examples.length,
      tags: [],
      note: note || `add ${added.length} example(s)`,
    };
    await this.store.write([
      { table: 'eval_dataset_versions', key: versionKey(name, versionId), value: { examples } },
      { table: 'eval_datasets', key: name, value: { ...dataset, versions: [...dataset.versions, version] } },
    ]);
    return version;
  }

  /** Puts `tag` on one version, taking it off any other; false when the dataset or version does not exist. */
  async tag(name: string, versionId: string, tag: string): Promise<boolean> {
    const dataset = this.get(name);
    if (!dataset || !dataset.versions.some((v) => v.version_id === versionId)) return false;
    const versions = dataset.versions.map((v) => {
      const others = v.tags.filter((t) => t !== tag);
      return { ...v, tags: v.version_id === versionId ? [...others, tag] : others };
    });
    await this.store.write([{ table: 'eval_datasets', key: name, value: { ...dataset, versions } }]);
    return true;
  }

  /** The version `as_of` names: latest, the newest version carrying that tag, or a version id. */
  resolve(name: string, asOf = 'latest'): string | undefined {
    const versions = this.get(name)?.versions ?? [];
    if (!versions.length) return undefined;
    if (asOf === 'latest' || asOf === '') return versions[versions.length - 1].version_id;
    for (let i = versions.length - 1; i >= 0; i--) if (versions[i].tags.includes(asOf)) return versions[i].version_id;
    return versions.find((v) => v.version_id === asOf)?.version_id;
  }

  /** The examples of a version (none when the dataset or version does not exist), of the given splits only. */
  examples(name: string, asOf = 'latest', splits?: readonly string[]): Example[] {
    const versionId = this.resolve(name, asOf);
    if (!versionId) return [];
    const all = this.store.get('eval_dataset_versions', versionKey(name, versionId))?.examples ?? [];
    return splits?.length ? all.filter((e) => splits.includes(e.split)) : all;
  }

  /** As `examples`, but a version that does not resolve is a 400 naming `field`. */
  examplesAt(name: string, asOf: string, field: string, splits?: readonly string[]): Example[] {
    const dataset = this.known(name);
    if (!dataset.versions.length && (asOf === 'latest' || asOf === '')) return [];
    if (!this.resolve(name, asOf))
      throw invalid(`${field}: "${asOf}" is neither latest, a tag nor a version of dataset "${name}"`);
    return this.examples(name, asOf, splits);
  }
}

function freshId(taken: ReadonlyMap<string, unknown>, versionId: string, index: number): string {
  let id = `${versionId}-${index + 1}`;
  for (let n = 2; taken.has(id); n++) id = `${versionId}-${index + 1}-${n}`;
  return id;
}
