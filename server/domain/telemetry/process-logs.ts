/** The interaction logs of a project (typing, telemetry), their bounds, and the integrity report built on them. */
import type { AnnotationRecord } from '../annotation/records.js';
import type { Clock, Store } from '../ports.js';
import type { Scheme } from '../task.js';
import { EventBudget } from './budget.js';
import { integrityReports, type IntegrityReport, type Observation } from './integrity.js';
import { telemetryLog, typingLog, type TelemetryLog, type TypingLog } from './kinds.js';
import { processCounts } from './rollups.js';
import type { ProcessLogSettings } from './settings.js';
import type { ProcessSessionRecord } from './session-log.js';

/** Scheme types whose answer is one choice (or one set of choices) that peers can agree on. */
export const CATEGORICAL: ReadonlySet<string> = new Set(['radio', 'multiselect', 'likert', 'select']);

/** Pure: each annotator's categorical answers as observations keyed `item::scheme`. */
export function observationsOf(records: Iterable<AnnotationRecord>, schemes: readonly Scheme[]): Observation[] {
  const wanted = new Set(schemes.filter((s) => CATEGORICAL.has(s.annotation_type)).map((s) => s.name));
  const out: Observation[] = [];
  for (const r of records)
    for (const [scheme, chosen] of Object.entries(r.labels)) {
      if (!wanted.has(scheme)) continue;
      const labels = Object.keys(chosen).sort();
      if (labels.length)
        out.push({ annotator: r.username, key: `${r.instance_id}::${scheme}`, label: labels.join('|') });
    }
  return out;
}

export class ProcessLogs {
  readonly typing: TypingLog;
  readonly telemetry: TelemetryLog;
  /** one per kind, so a flood of one cannot starve the other */
  readonly typingBudget: EventBudget;
  readonly telemetryBudget: EventBudget;

  constructor(
    private readonly store: Store,
    clock: Clock,
    settings: { typing: ProcessLogSettings; telemetry: ProcessLogSettings },
  ) {
    this.typing = typingLog(store, clock, settings.typing);
    this.telemetry = telemetryLog(store, clock, settings.telemetry);
    this.typingBudget = new EventBudget(clock);
    this.telemetryBudget = new EventBudget(clock);
  }

  /** Every annotator's answers to the categorical ones of `schemes`. */
  observations(schemes: readonly Scheme[]): Observation[] {
    return observationsOf(
      [...this.store.entries('annotations')].map(([, r]) => r),
      schemes,
    );
  }

  /** Every annotator of the task's categorical schemes, and every one with screened sessions, most suspicious first. */
  integrity(schemes: readonly Scheme[]): IntegrityReport[] {
    const rows = <S>(it: IterableIterator<[string, ProcessSessionRecord<S>]>) => [...it].map(([, r]) => r);
    return integrityReports(
      this.observations(schemes),
      processCounts(rows(this.typing.sessions()), rows(this.telemetry.sessions())),
    );
  }
}
