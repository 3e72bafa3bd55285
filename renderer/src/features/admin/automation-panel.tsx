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
import { useUiText } from '../../shared/ui-text.js';

const OUTCOMES_SHOWN = 50;

export function AutomationPanel() {
  const words = useUiText();
  const status = useAdminResource<AutomationStatus>('/admin/automation/status');
  return (
    <Section title={words.admin_tab_automation} id="automation" resource={status}>
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
  const words = useUiText();
  return (
    <div data-testid="automation-empty">
      <p>{enabled ? words.admin_automation_no_rules : words.admin_automation_off}</p>
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
  const words = useUiText();
  const { counters } = status;
  const failed = Object.values(counters.actions).reduce((n, byStatus) => n + (byStatus.error ?? 0), 0);
  return (
    <>
      <p data-testid="automation-counters">
        {words.admin_automation_processed} <strong>{counters.items_processed}</strong> · {words.admin_automation_fired}{' '}
        <strong>{counters.rules_fired}</strong> · {words.admin_automation_failed}{' '}
        <strong className={failed ? 'bad' : undefined}>{failed}</strong>
      </p>
      <h3>{words.admin_automation_rules}</h3>
      <div className="table-wrap">
        <RowTable
          label={words.admin_automation_rules_label}
          head={[
            words.admin_th_rule,
            words.admin_th_fires_on,
            words.admin_th_then,
            words.admin_th_fired,
            words.admin_th_failed_actions,
          ]}
          rows={status.rules.map((r, i) => [r.name, whenInWords(r), <Actions key={i} rule={r} />, r.fired, r.errors])}
        />
      </div>
      <h3>{words.admin_automation_actions}</h3>
      <ActionCounts actions={counters.actions} />
      <h3>{words.admin_automation_outcomes}</h3>
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
  const words = useUiText();
  const types = Object.keys(actions) as (keyof typeof ACTION_NAMES)[];
  if (!types.length) return <p className="muted">{words.admin_no_action_run}</p>;
  return (
    <div className="table-wrap">
      <RowTable
        label={words.admin_automation_actions_label}
        head={[words.admin_th_action, words.admin_th_done, words.admin_th_actions_failed, words.admin_th_skipped]}
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

const RESULT = { ok: 'admin_result_done', error: 'admin_result_failed', skipped: 'admin_result_skipped' } as const;

function Outcomes() {
  const words = useUiText();
  const outcomes = useAdminResource<{ outcomes: AutomationOutcome[] }>(
    `/admin/automation/outcomes?limit=${OUTCOMES_SHOWN}`,
  );
  if (outcomes.error)
    return (
      <ErrorNote onRetry={() => void outcomes.reload()} retry={words.admin_retry}>
        {outcomes.error}
      </ErrorNote>
    );
  if (!outcomes.data) return null;
  if (!outcomes.data.outcomes.length) return <p className="muted">{words.admin_no_rule_fired}</p>;
  return (
    <div className="table-wrap">
      <table aria-label={words.admin_automation_outcomes_label} data-testid="automation-outcomes">
        <thead>
          <tr>
            <th scope="col">{words.admin_th_when}</th>
            <th scope="col">{words.admin_th_item}</th>
            <th scope="col">{words.admin_th_rule}</th>
            <th scope="col">{words.admin_th_action}</th>
            <th scope="col">{words.admin_th_result}</th>
            <th scope="col">{words.admin_th_detail}</th>
          </tr>
        </thead>
        <tbody>
          {outcomes.data.outcomes.map((o, i) => (
            <tr key={i} data-status={o.status}>
              <td className="small">{when(o.at)}</td>
              <td className="preview">{o.item_id}</td>
              <td>{o.rule}</td>
              <td>{ACTION_NAMES[o.action] ?? o.action}</td>
              <td>
                {o.status === 'error' ? (
                  <strong className="bad">{words[RESULT[o.status]]}</strong>
                ) : (
                  words[RESULT[o.status]]
                )}
              </td>
              <td className="small preview">{o.detail}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
