/**
 * Potato's automation rules on the dashboard: each rule as configured, in words, with how often it fired and
 * failed; each action type's results; and the newest outcomes with their error text, so an admin sees whether a
 * rule fired without reading the JSON read-outs. Read again like the other panels.
 */
import type { AutomationOutcome, AutomationRule, AutomationStatus } from '../../shared/api/types.js';
import { ErrorNote } from '../../shared/components/status.js';
import { useAdminResource } from './admin-resource.js';
import { ACTION_NAMES, actionInWords, whenInWords } from './automation-words.js';
import { Section, when } from './section.js';
import { RowTable } from './tables.js';

const OUTCOMES_SHOWN = 50;

export function AutomationPanel() {
  const status = useAdminResource<AutomationStatus>('/admin/automation/status');
  return (
    <Section title="Automation" id="automation" resource={status}>
      {(s) => (s.enabled && s.rules.length ? <Automation status={s} /> : <NoRules enabled={s.enabled} />)}
    </Section>
  );
}

const EXAMPLE = `automation:
  enabled: true
  rules:
    - name: route-errors
      when: {field: status, in: [error, failed]}
      actions:
        - {type: add_to_queue, priority: 100, reason: "Agent errored"}
        - {type: fire_webhook, url: "https://example.org/hook"}`;

function NoRules({ enabled }: { enabled: boolean }) {
  return (
    <div data-testid="automation-empty">
      <p>
        {enabled
          ? 'Automation is on, but no rules are configured.'
          : 'Automation is off: no rules run over the items that enter the project.'}
      </p>
      <p>
        To add rules, give the project&apos;s config an <code>automation</code> section with <code>enabled: true</code>{' '}
        and its <code>rules</code> (each a name, a <code>when</code> condition and its actions), then restart the
        server. For example:
      </p>
      <pre className="small">{EXAMPLE}</pre>
      <p className="muted small">
        Each rule runs once over every item that enters: the data files at start-up, imports and ingested traces.
      </p>
    </div>
  );
}

function Automation({ status }: { status: AutomationStatus }) {
  const { counters } = status;
  const failed = Object.values(counters.actions).reduce((n, byStatus) => n + (byStatus.error ?? 0), 0);
  return (
    <>
      <p data-testid="automation-counters">
        Items run through the rules: <strong>{counters.items_processed}</strong> · Rules fired:{' '}
        <strong>{counters.rules_fired}</strong> · Actions failed:{' '}
        <strong className={failed ? 'bad' : undefined}>{failed}</strong>
      </p>
      <h3>Rules</h3>
      <div className="table-wrap">
        <RowTable
          label="Automation rules"
          head={['Rule', 'Fires on', 'Then', 'Fired', 'Failed actions']}
          rows={status.rules.map((r, i) => [r.name, whenInWords(r), <Actions key={i} rule={r} />, r.fired, r.errors])}
        />
      </div>
      <h3>Actions</h3>
      <ActionCounts actions={counters.actions} />
      <h3>Newest outcomes</h3>
      <Outcomes />
    </>
  );
}

function Actions({ rule }: { rule: AutomationRule }) {
  if (!rule.actions.length) return <span className="muted">nothing (no actions)</span>;
  return (
    <ol className="automation-actions">
      {rule.actions.map((a, i) => (
        <li key={i}>{actionInWords(a)}</li>
      ))}
    </ol>
  );
}

function ActionCounts({ actions }: { actions: AutomationStatus['counters']['actions'] }) {
  const types = Object.keys(actions) as (keyof typeof ACTION_NAMES)[];
  if (!types.length) return <p className="muted">No action has run yet.</p>;
  return (
    <div className="table-wrap">
      <RowTable
        label="Automation actions"
        head={['Action', 'Done', 'Failed', 'Skipped']}
        rows={types.map((t) => [
          ACTION_NAMES[t] ?? t,
          actions[t].ok ?? 0,
          actions[t].error ? <strong className="bad">{actions[t].error}</strong> : 0,
          actions[t].skipped ?? 0,
        ])}
      />
    </div>
  );
}

const RESULT: Record<AutomationOutcome['status'], string> = { ok: 'done', error: 'failed', skipped: 'skipped' };

function Outcomes() {
  const outcomes = useAdminResource<{ outcomes: AutomationOutcome[] }>(
    `/admin/automation/outcomes?limit=${OUTCOMES_SHOWN}`,
  );
  if (outcomes.error) return <ErrorNote onRetry={() => void outcomes.reload()}>{outcomes.error}</ErrorNote>;
  if (!outcomes.data) return null;
  if (!outcomes.data.outcomes.length) return <p className="muted">No rule has fired yet.</p>;
  return (
    <div className="table-wrap">
      <table aria-label="Automation outcomes" data-testid="automation-outcomes">
        <thead>
          <tr>
            <th scope="col">When</th>
            <th scope="col">Item</th>
            <th scope="col">Rule</th>
            <th scope="col">Action</th>
            <th scope="col">Result</th>
            <th scope="col">Detail</th>
          </tr>
        </thead>
        <tbody>
          {outcomes.data.outcomes.map((o, i) => (
            <tr key={i} data-status={o.status}>
              <td className="small">{when(o.at)}</td>
              <td className="preview">{o.item_id}</td>
              <td>{o.rule}</td>
              <td>{ACTION_NAMES[o.action] ?? o.action}</td>
              <td>{o.status === 'error' ? <strong className="bad">{RESULT[o.status]}</strong> : RESULT[o.status]}</td>
              <td className="small preview">{o.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
