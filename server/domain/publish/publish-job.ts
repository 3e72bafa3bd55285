/**
 * Publishing a dataset (Potato's publish wizard): a preview of the card and the splits' sizes, and a job that
 * builds the archive (the splits as JSON Lines, README.md, LICENSE and .zenodo.json) in the background while the
 * caller polls its state (idle → running → success or error). One job runs at a time. The state is this
 * process's; the archive is a file beside the project's output, kept until the next publish replaces it.
 */
import { conflict, invalid } from '../errors.js';
import type { Logger } from '../ports.js';
import type { Task } from '../task.js';
import { buildBundle, type BundleSources } from './bundle.js';
import { datasetCard } from './card.js';
import {
  PUBLISH_TARGETS,
  TARGETS_NOT_HERE,
  type DatasetMetadata,
  type PublishOptions,
  type PublishSettings,
} from './settings.js';

/** Writes the archive's files and answers where it is; the io adapter names and places the file. */
export type ArchiveWriter = (name: string, files: { path: string; content: string }[]) => Promise<string>;

export interface PublishStatus {
  state: 'idle' | 'running' | 'success' | 'error';
  step: string;
  target: string;
  result: { archive_name: string; download_url: string; splits: Record<string, number> } | null;
  warnings: string[];
  errors: string[];
}

const DOWNLOAD_PATH = '/admin/publish/api/download';

export class PublishJob {
  private current: PublishStatus = { state: 'idle', step: '', target: '', result: null, warnings: [], errors: [] };
  private archive: string | null = null;

  constructor(
    private readonly sources: BundleSources & { task: Task },
    readonly settings: PublishSettings,
    private readonly write: ArchiveWriter,
    private readonly logger: Logger,
  ) {}

  defaults() {
    return {
      default_target: 'archive',
      targets: [...PUBLISH_TARGETS],
      options: this.settings.options,
      metadata: this.settings.metadata,
    };
  }

  preview(target: string, options: PublishOptions, metadata: Partial<DatasetMetadata>) {
    checkTarget(target);
    const meta = { ...this.settings.metadata, ...metadata };
    const bundle = buildBundle(this.sources, options);
    return {
      card_markdown: datasetCard(this.sources.task, bundle, meta),
      splits: Object.fromEntries(Object.entries(bundle.splits).map(([k, rows]) => [k, rows.length])),
      warnings: bundle.warnings,
    };
  }

  status(): PublishStatus {
    return { ...this.current };
  }

  /** The archive of the last successful job, if any. */
  lastArchive(): string | null {
    return this.archive;
  }

  /** Starts the job; its outcome is read from `status`. A job already running is a 409. */
  start(target: string, options: PublishOptions, metadata: Partial<DatasetMetadata>): void {
    checkTarget(target);
    if (this.current.state === 'running') throw conflict('a publish job is already running; poll its status');
    this.current = { state: 'running', step: 'preprocessing', target, result: null, warnings: [], errors: [] };
    // after this turn: the request that started it is answered first
    setImmediate(() => void this.run(options, { ...this.settings.metadata, ...metadata }));
  }

  private async run(options: PublishOptions, meta: DatasetMetadata): Promise<void> {
    try {
      const bundle = buildBundle(this.sources, options);
      this.current = { ...this.current, step: 'generating dataset card' };
      const card = datasetCard(this.sources.task, bundle, meta);
      this.current = { ...this.current, step: 'writing archive' };
      const files = [
        { path: 'README.md', content: card },
        { path: 'LICENSE', content: `${meta.license || 'No license was given for this dataset.'}\n` },
        { path: '.zenodo.json', content: `${JSON.stringify(zenodoMetadata(meta), null, 2)}\n` },
        ...Object.entries(bundle.splits).map(([split, rows]) => ({
          path: `data/${split}.jsonl`,
          content: rows.map((r) => `${JSON.stringify(r)}\n`).join(''),
        })),
      ];
      const name = (meta.pretty_name || 'dataset').replace(/[^\w.-]+/g, '_').slice(0, 100) || 'dataset';
      const path = await this.write(name, files);
      this.archive = path;
      this.current = {
        ...this.current,
        state: 'success',
        step: 'done',
        result: {
          archive_name: path.split(/[\\/]/).pop()!,
          download_url: DOWNLOAD_PATH,
          splits: Object.fromEntries(Object.entries(bundle.splits).map(([k, rows]) => [k, rows.length])),
        },
        warnings: bundle.warnings,
      };
    } catch (e) {
      this.logger.error(`publish: the archive was not written: ${(e as Error).message}`);
      this.current = { ...this.current, state: 'error', step: 'failed', errors: [(e as Error).message] };
    }
  }
}

function checkTarget(target: string): void {
  if ((PUBLISH_TARGETS as readonly string[]).includes(target)) return;
  const why = Object.hasOwn(TARGETS_NOT_HERE, target) ? TARGETS_NOT_HERE[target] : undefined;
  throw invalid(
    why
      ? `target: "${target}" ${why}`
      : `target: "${target}" is not a target; this project publishes ${PUBLISH_TARGETS.join(', ')}`,
  );
}

/** Zenodo's deposit metadata, so the archive can be deposited as it is. */
function zenodoMetadata(meta: DatasetMetadata) {
  return {
    title: meta.pretty_name,
    description: meta.description || meta.pretty_name,
    upload_type: 'dataset',
    version: meta.version,
    ...(meta.license ? { license: meta.license } : {}),
    ...(meta.keywords.length ? { keywords: meta.keywords } : {}),
    creators: meta.authors.map((a) => ({
      name: a.name,
      ...(a.affiliation ? { affiliation: a.affiliation } : {}),
      ...(a.orcid ? { orcid: a.orcid } : {}),
    })),
  };
}
