/**
 * Several server processes on one database project (a SharedStore): each request first brings in what the
 * others committed, and the services take those rows in as they take this process's own writes (indexes,
 * counts and caches follow row by row), so another process's write costs what a local one does. Changes that
 * cannot be taken in row by row (below) make the services be composed again over the store, in place, so routes
 * see the new ones. A request whose write collided with another process's runs again on the newer state.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { ExternalChange, Logger, SharedStore, TableName } from './domain/ports.js';
import { ConflictError } from './storage/tables.js';
import type { composeServices, Services } from './compose.js';

/** how many times a request runs again after its write collided with another process's (then 503) */
const CONFLICT_RETRIES = 5;

type Reuse = Parameters<typeof composeServices>[0]['reuse'];

/**
 * How each table's rows are taken in. A table not listed makes the services be composed again: the settings,
 * imported instances, predictions, item notes and adjudications shape what several services derive at start
 * (the task's instances, the display, the gold answers), and they change seldom.
 */
const TAKE: { [K in TableName]?: ((s: Services, c: Extract<ExternalChange, { table: K }>) => void) | 'as-is' } = {
  annotations: (s, c) => s.annotations.takeExternal(c.before, c.after),
  qc_answers: (s, c) => s.annotations.takeExternal(c.before, c.after),
  completions: (s, c) => s.annotations.takeExternalCompletion(c.key, c.after !== undefined),
  assignments: (s, c) => s.assignments.takeExternal(c.key, c.before?.instance_ids, c.after?.instance_ids),
  qc_results: (s, c) => s.quality.takeExternal(c.before, c.after),
  skips: (s, c) => s.skips.takeExternal(c.before, c.after),
  undo_steps: (s, c) => s.undo.takeExternal(c.before, c.after),
  // read from the store at each use: nothing is derived from them
  cursors: 'as-is',
  hand_outs: 'as-is',
  item_time: 'as-is',
  sessions: 'as-is',
  users: 'as-is',
  name_keys: 'as-is',
  phase_progress: 'as-is',
  review_items: 'as-is',
  eval_datasets: 'as-is',
  eval_dataset_versions: 'as-is',
  eval_experiments: 'as-is',
  eval_control: 'as-is',
  crowd_workers: 'as-is',
  ai_shown: 'as-is',
  ai_outcomes: 'as-is',
  ai_cache: 'as-is',
  // the webhook dispatcher counts them again once per batch (below)
  webhook_deliveries: 'as-is',
  webhook_stats: 'as-is',
};

export interface ForeignChanges {
  handler(
    handle: (req: IncomingMessage, res: ServerResponse) => unknown,
  ): (req: IncomingMessage, res: ServerResponse) => void;
  retry(error: unknown, attempt: number): Promise<boolean>;
}

export function foreignChanges(
  store: SharedStore,
  services: Services,
  compose: (reuse: Reuse) => Services,
  logger: Logger,
): ForeignChanges {
  /** the tables whose changes wait for the services to be composed again; empty when none wait */
  const stale = new Set<string>();
  store.onExternalChange((changes) => {
    if (!changes) {
      stale.add('(all: a write of this process collided with them, or the project was read again)');
      return;
    }
    // taken in at once, as the store applied them, unless the services are to be composed again anyway
    const unknown = changes.filter((c) => TAKE[c.table] === undefined);
    if (unknown.length || stale.size) {
      for (const c of unknown.length ? unknown : changes) stale.add(c.table);
      return;
    }
    let webhooks = false;
    for (const c of changes) {
      const take = TAKE[c.table] as ((s: Services, c: ExternalChange) => void) | 'as-is';
      if (take !== 'as-is') take(services, c);
      else if (c.table === 'webhook_deliveries' || c.table === 'webhook_stats') webhooks = true;
    }
    if (webhooks) services.webhooks.refresh();
  });

  const renew = () => {
    if (!stale.size) return;
    logger.info(`composing the services again after other processes changed ${[...stale].sort().join(', ')}`);
    stale.clear();
    const old = services.ai;
    services.search.close();
    void services.activeLearning.stop();
    Object.assign(
      services,
      compose({
        webhooks: services.webhooks,
        throttle: services.throttle,
        adminSetup: services.adminSetup,
        loginTokens: services.loginTokens,
        databaseSources: services.databaseSources,
        traces: services.traces,
        oauthClients: services.oauthClients,
      }),
    );
    services.webhooks.refresh();
    old.close().catch((e: Error) => logger.warn(`could not stop the previous AI learner: ${e.message}`));
  };
  return {
    handler(handle) {
      return (req, res) => {
        store.sync().then(() => {
          renew();
          handle(req, res);
        });
      };
    },
    async retry(error, attempt) {
      if (!(error instanceof ConflictError) || attempt > CONFLICT_RETRIES) return false;
      await store.sync();
      renew();
      return true;
    },
  };
}
