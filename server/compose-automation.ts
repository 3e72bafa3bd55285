/**
 * Potato's automation rules wired to the features their actions reuse: the triage order (add_to_queue), the
 * evaluation datasets, the review board, the deterministic evaluators and an outbound POST. The project's own data
 * files go through the rules once at start-up; imported and ingested items as the importer adds them.
 */
import { isShared, type Clock, type Logger, type Store } from './domain/ports.js';
import type { Task } from './domain/task.js';
import type { TriageQueue } from './domain/triage/triage.js';
import type { Datasets } from './domain/datasets/datasets.js';
import type { ReviewBoard } from './domain/review/review-board.js';
import { lookup } from './domain/review/conditions.js';
import { buildEvaluator } from './domain/datasets/evaluators.js';
import {
  Automation,
  type ActionRunner,
  type ActionType,
  type AutomationSettings,
  type Outcome,
} from './domain/automation/automation.js';
import { createWebhookSender } from './io/webhook-sender.js';

interface AutomationInput {
  settings: AutomationSettings;
  store: Store;
  clock: Clock;
  logger: Logger;
  task: Task;
  triage: TriageQueue;
  datasets: Datasets;
  review: ReviewBoard;
  version: string;
}

const WEBHOOK_TIMEOUT_MS = 10_000;

export function composeAutomation(input: AutomationInput): { automation: Automation; close: () => void } {
  const { settings, triage, datasets, review } = input;
  const sender = createWebhookSender();
  const text = (v: unknown, fallback: string) => (typeof v === 'string' && v ? v : fallback);
  const runners: Record<ActionType, ActionRunner> = {
    add_to_queue: (item, action, rule) => {
      const priority = Number(action.params.priority ?? 100);
      triage.boost(item.id, priority, text(action.params.reason, rule));
      return Promise.resolve(`triage priority ${priority}`);
    },
    add_to_dataset: async (item, action) => {
      const name = text(action.params.dataset, 'automation');
      const version = await datasets.addExamples(name, [{ id: item.id, inputs: item.data }], `automation: ${item.id}`);
      return `dataset ${name} ${version.version_id}`;
    },
    enroll_review: () => {
      if (!review.settings.enabled) throw new Error('review_workflow is not enabled: the item is on no review board');
      return Promise.resolve('on the review board, placed by review_workflow.routing');
    },
    run_evaluator: (item, action) => {
      const name = text(action.params.evaluator, '');
      const params = (action.params.params ?? {}) as Record<string, unknown>;
      const evaluator = buildEvaluator(name, params, 'evaluator');
      const outField = text(action.params.output_field, 'output');
      const refField = text(action.params.reference_field, 'reference');
      const r = evaluator.evaluate(lookup(item.data, outField), lookup(item.data, refField));
      return Promise.resolve(`${r.key}: score ${r.score}`);
    },
    fire_webhook: async (item, action, rule) => {
      const headers = { ...((action.params.headers ?? {}) as Record<string, string>) };
      const result = await sender.send({
        url: String(action.params.url),
        body: JSON.stringify({ rule, item_id: item.id, item_data: item.data }),
        headers: { ...headers, 'content-type': 'application/json', 'user-agent': `Marginalia/${input.version}` },
        timeoutMs: WEBHOOK_TIMEOUT_MS,
      });
      if (result.status !== undefined && result.status >= 200 && result.status < 300) return `HTTP ${result.status}`;
      const answered = result.status !== undefined ? `the receiver answered HTTP ${result.status}` : '';
      throw new Error([answered, result.error].filter(Boolean).join(': ') || 'no answer');
    },
    notify: () => Promise.resolve('skipped: there is no live stream to annotators here'),
    refresh_topics: () => Promise.resolve('skipped: topic refresh is not built here'),
  };
  const automation = new Automation(settings, { ...input, runners });
  // a boost is kept in memory by the triage order: take those that fired before a restart, or in another process
  const boostFrom = (outcomes: readonly Outcome[]) => {
    for (const o of outcomes) {
      const action = settings.rules.find((r) => r.name === o.rule)?.actions.find((a) => a.type === 'add_to_queue');
      if (o.action === 'add_to_queue' && o.status === 'ok' && action)
        triage.boost(o.item_id, Number(action.params.priority ?? 100), text(action.params.reason, o.rule));
    }
  };
  const boostAll = () => {
    for (const [, row] of input.store.entries('automation_fired')) boostFrom(row.outcomes);
  };
  boostAll();
  if (isShared(input.store))
    input.store.onExternalChange((changes) => {
      if (!changes) return boostAll();
      for (const c of changes) if (c.table === 'automation_fired' && c.after) boostFrom(c.after.outcomes);
    });
  void automation.itemsAdded(input.task.instances);
  return { automation, close: () => sender.close() };
}
