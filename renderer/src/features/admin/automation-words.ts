/**
 * Potato's automation rules said in words for the dashboard: a rule's conditions and its actions as a lab admin
 * would read them, from the configured rule the status read-out returns. Values are shown as text.
 */
import type { AutomationRule } from '../../shared/api/types.js';

type Condition = AutomationRule['when'][number];
type Action = AutomationRule['actions'][number];

const text = (v: unknown): string => (typeof v === 'string' ? `"${v}"` : (JSON.stringify(v) ?? String(v)));
const plain = (v: unknown, fallback: string): string => (typeof v === 'string' && v ? v : fallback);

const COMPARISONS: Record<string, string> = { lt: 'is below', lte: 'is at most', gt: 'is above', gte: 'is at least' };

function conditionInWords(c: Condition): string {
  switch (c.operator) {
    case 'equals':
      return `${c.field} is ${text(c.value)}`;
    case 'in':
      return Array.isArray(c.value)
        ? `${c.field} is one of ${c.value.map(text).join(', ')}`
        : `${c.field} is in ${text(c.value)}`;
    case 'contains':
      return `${c.field} contains ${text(c.value)}`;
    case 'exists':
      return c.value ? `${c.field} is present` : `${c.field} is absent`;
    default:
      return `${c.field} ${COMPARISONS[c.operator] ?? c.operator} ${text(c.value)}`;
  }
}

/** Which items a rule fires on: its conditions joined by "and", and the share it samples. */
export function whenInWords(rule: AutomationRule): string {
  const which = rule.when.length ? `items where ${rule.when.map(conditionInWords).join(' and ')}` : 'every item';
  if (rule.sample_rate >= 1) return which;
  if (rule.sample_rate <= 0) return `${which}, sampled at 0%: never fires`;
  return `${which}, a ${Math.round(rule.sample_rate * 1000) / 10}% sample of them`;
}

export function actionInWords(a: Action): string {
  switch (a.type) {
    case 'add_to_queue': {
      const reason = typeof a.reason === 'string' && a.reason ? ` (${text(a.reason)})` : '';
      return `raise its triage priority to ${String(a.priority ?? 100)}${reason}`;
    }
    case 'add_to_dataset':
      return `add it to dataset ${text(plain(a.dataset, 'automation'))}`;
    case 'enroll_review':
      return 'put it on the review board';
    case 'run_evaluator':
      return `score it with evaluator ${plain(a.evaluator, '(none named)')}`;
    case 'fire_webhook': {
      const headers = a.headers && typeof a.headers === 'object' ? Object.keys(a.headers) : [];
      const sent = headers.length ? ` with header${headers.length > 1 ? 's' : ''} ${headers.join(', ')}` : '';
      return `POST it to ${plain(a.url, '(no URL)')}${sent}`;
    }
    case 'notify':
      return `notify annotators${typeof a.message === 'string' ? ` (${text(a.message)})` : ''}: not sent here`;
    case 'refresh_topics':
      return 'refresh topics: not built here';
  }
}

export const ACTION_NAMES: Record<Action['type'], string> = {
  add_to_queue: 'Triage priority',
  add_to_dataset: 'Add to dataset',
  enroll_review: 'Review board',
  run_evaluator: 'Evaluator',
  fire_webhook: 'Webhook',
  notify: 'Notify',
  refresh_topics: 'Refresh topics',
};
