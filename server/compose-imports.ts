/**
 * What brings instances and pre-annotations in while the project runs: predictions, the importer (uploads and the
 * import CLI) and live ingestion from databases, which hands its rows to the same importer. A recomposition over
 * another process's changes keeps the running ingestion (its cursors and timers) and gives it the new importer.
 */
import type { ComposeInput, Services } from './services.js';
import type { Assignments } from './domain/annotation/assignment.js';
import type { Settings } from './domain/settings.js';
import { handOutLimit, type Instance } from './domain/task.js';
import { Predictions } from './domain/data/predictions.js';
import { Importer } from './domain/data/importer.js';
import { DatabaseIngestion } from './domain/data/live-ingestion.js';
import { TraceIngestion } from './domain/traces/trace-ingestion.js';
import { openSourceReader } from './io/database-sources/open.js';
import { instanceReader } from './io/import-files.js';

interface ImportsInput extends Pick<ComposeInput, 'config' | 'store' | 'clock' | 'logger'> {
  assignments: Assignments;
  settings: Settings;
  /** under batch, the imported items an annotator's annotator_key names them on */
  keyedItems: (username: string) => readonly string[];
  running?: Services['databaseSources'];
  runningTraces?: Services['traces'];
  onAdded?: (instances: readonly Instance[]) => Promise<void> | void;
}

export function composeImports(input: ImportsInput) {
  const { config, store, clock, logger, assignments, settings, running } = input;
  const task = config.task;
  const itemKeys = { idKey: config.raw.item_properties.id_key, textKey: config.raw.item_properties.text_key };
  const predictions = new Predictions(store, task);
  const importer = new Importer({
    store,
    task,
    assignments,
    predictions,
    clock,
    listSettings: () => ({
      required: handOutLimit(settings.get()),
      cap: settings.get().max_annotations_per_user,
      strategy: settings.get().assignment_strategy,
      keyedItems: input.keyedItems,
    }),
    toInstance: instanceReader({ ...itemKeys, derive: config.deriveItem }),
    onAdded: input.onAdded,
  });
  const databaseSources =
    running ??
    new DatabaseIngestion(
      {
        store,
        clock,
        logger,
        itemKeys,
        sources: config.databases.map((source) => ({ source, reader: openSourceReader(source) })),
      },
      importer,
    );
  databaseSources.importer = importer;
  // kept over a recomposition too, with its counters
  const traces =
    input.runningTraces ?? new TraceIngestion({ settings: config.traceIngestion, task, clock, itemKeys }, importer);
  traces.importer = importer;
  return { predictions, importer, databaseSources, traces };
}
