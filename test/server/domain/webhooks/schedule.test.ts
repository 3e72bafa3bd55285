import { describe, expect, it } from 'vitest';
import {
  afterAttempt,
  delayBefore,
  DEFAULT_RETRY_SCHEDULE_SECONDS,
  describeFailure,
} from '../../../../server/domain/webhooks/schedule.js';
import type { AttemptRecord, DeliveryRecord } from '../../../../server/domain/webhooks/records.js';

const fresh = (): DeliveryRecord => ({
  id: 'msg_1',
  endpoint: 'e',
  event_id: 'evt_1',
  event_type: 'annotation.created',
  body: '{}',
  state: 'pending',
  created_at: 0,
  next_attempt_at: 0,
  attempts: [],
});
const fail = (at: number, status?: number): AttemptRecord =>
  status ? { at, status, duration_ms: 3 } : { at, error: 'timeout: no response within 10 s', duration_ms: 10_000 };

describe('retry schedule', () => {
  it('waits 0 s, 5 s, 30 s, 5 min, 30 min and 1 h before attempts 1 to 6, and 1 h after that', () => {
    const seconds = [1, 2, 3, 4, 5, 6, 7, 8, 20].map((n) => delayBefore(n, DEFAULT_RETRY_SCHEDULE_SECONDS) / 1000);
    expect(seconds).toEqual([0, 5, 30, 300, 1800, 3600, 3600, 3600, 3600]);
  });

  it('walks a failing delivery attempt by attempt to permanent failure after max attempts', () => {
    let d = fresh();
    let now = 1_000_000;
    const dueTimes: number[] = [];
    for (let n = 1; n <= 6; n++) {
      d = afterAttempt(d, fail(now, 500), now + 3, 6, DEFAULT_RETRY_SCHEDULE_SECONDS);
      expect(d.attempts).toHaveLength(n);
      if (n < 6) {
        expect(d.state).toBe('pending');
        dueTimes.push(d.next_attempt_at - (now + 3));
        now = d.next_attempt_at;
      }
    }
    expect(dueTimes).toEqual([5_000, 30_000, 300_000, 1_800_000, 3_600_000]);
    expect(d.state).toBe('failed');
    expect(d.finished_at).toBe(now + 3);
  });

  it('max_retries counts attempts in all, and a longer budget keeps the last delay', () => {
    let d = afterAttempt(fresh(), fail(0, 503), 0, 2, [0, 1]);
    expect(d.state).toBe('pending');
    d = afterAttempt(d, fail(1000), 1000, 2, [0, 1]);
    expect(d.state).toBe('failed');
    let long = fresh();
    for (let i = 0; i < 7; i++) long = afterAttempt(long, fail(0, 500), 0, 10, DEFAULT_RETRY_SCHEDULE_SECONDS);
    expect(long.next_attempt_at).toBe(3_600_000);
  });

  it('2xx delivers; 3xx, 4xx, 5xx and timeouts fail', () => {
    expect(afterAttempt(fresh(), { at: 0, status: 204, duration_ms: 1 }, 1, 6, [0]).state).toBe('delivered');
    expect(afterAttempt(fresh(), { at: 0, status: 200, duration_ms: 1 }, 1, 1, [0]).state).toBe('delivered');
    for (const status of [301, 302, 400, 404, 500, 199])
      expect(afterAttempt(fresh(), { at: 0, status, duration_ms: 1 }, 1, 1, [0]).state).toBe('failed');
    expect(afterAttempt(fresh(), fail(0), 1, 1, [0]).state).toBe('failed');
  });

  it('describes failures without more than the status and the reason', () => {
    expect(describeFailure({ at: 0, status: 500, duration_ms: 1 })).toBe('HTTP 500');
    expect(describeFailure({ at: 0, status: 302, error: 'redirect not followed', duration_ms: 1 })).toBe(
      'HTTP 302: redirect not followed',
    );
    expect(describeFailure(fail(0))).toBe('timeout: no response within 10 s');
  });
});
