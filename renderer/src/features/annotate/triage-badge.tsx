/**
 * Potato's triage banner (`triage.show_badge`): why a rule put this item ahead in the queue, with its priority, so
 * the annotator knows what to look for. The server sends it only for items a rule flagged.
 */
import type { CurrentInstance } from '../../shared/api/types.js';

export function TriageBadge({ triage }: { triage: CurrentInstance['triage'] }) {
  if (!triage) return null;
  return (
    <p
      className="notice triage-flag"
      role="note"
      aria-label="Triage: this item was prioritized in the queue"
      data-testid="triage-badge"
    >
      <span className="badge triage-priority" title="triage priority">
        {triage.priority}
      </span>{' '}
      Prioritized for review · <span className="triage-reason">{triage.badge}</span>
    </p>
  );
}
