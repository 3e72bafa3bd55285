/**
 * The delivery state machine as pure decisions (docs/webhooks.md): when each attempt is
 * due, and what one attempt's outcome makes of a delivery. No timers, no I/O: the dispatcher applies these.
 */
import type { AttemptRecord, DeliveryRecord } from './records.js';

/** Seconds before attempt 1, 2, … 6: immediate, 5 s, 30 s, 5 min, 30 min, 1 h. */
export const DEFAULT_RETRY_SCHEDULE_SECONDS = [0, 5, 30, 300, 1800, 3600] as const;

/** Delay in ms before attempt `attempt` (1-based); past the table the last delay repeats. */
export function delayBefore(attempt: number, scheduleSeconds: readonly number[]): number {
  const index = Math.min(Math.max(attempt, 1), scheduleSeconds.length) - 1;
  return Math.round(scheduleSeconds[index] * 1000);
}

/** A 2xx is success; anything else (3xx included: redirects are not followed) or no response is a failure. */
export const succeeded = (attempt: AttemptRecord) =>
  attempt.status !== undefined && attempt.status >= 200 && attempt.status < 300;

/**
 * The delivery after one more attempt: delivered on 2xx; otherwise pending until the next delay, or failed for
 * good once `maxAttempts` attempts have been made.
 */
export function afterAttempt(
  delivery: DeliveryRecord,
  attempt: AttemptRecord,
  finishedAt: number,
  maxAttempts: number,
  scheduleSeconds: readonly number[],
): DeliveryRecord {
  const attempts = [...delivery.attempts, attempt];
  if (succeeded(attempt))
    return { ...delivery, attempts, state: 'delivered', finished_at: finishedAt, next_attempt_at: 0 };
  if (attempts.length >= maxAttempts)
    return { ...delivery, attempts, state: 'failed', finished_at: finishedAt, next_attempt_at: 0 };
  return {
    ...delivery,
    attempts,
    state: 'pending',
    next_attempt_at: finishedAt + delayBefore(attempts.length + 1, scheduleSeconds),
  };
}

/** A delivery whose endpoint left the config cannot be attempted: it fails with that reason. */
export function abandoned(delivery: DeliveryRecord, at: number, reason: string): DeliveryRecord {
  return {
    ...delivery,
    state: 'failed',
    finished_at: at,
    next_attempt_at: 0,
    attempts: [...delivery.attempts, { at, error: reason, duration_ms: 0 }],
  };
}

/** Short, secret-free text for an attempt's failure, as shown in `last_error`. */
export function describeFailure(attempt: AttemptRecord): string {
  if (attempt.error) return attempt.status !== undefined ? `HTTP ${attempt.status}: ${attempt.error}` : attempt.error;
  return `HTTP ${attempt.status}`;
}
