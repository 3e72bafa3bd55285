/**
 * Time on an item counts only while its tab is visible: the page measures it (Page Visibility). A step leaving
 * the item carries its time (`take`), so moving on stays one request; otherwise it is reported to
 * POST /api/annotate/time when the item is left by other means, when the tab is hidden, and every 30 s, so a
 * closed tab loses little. The first report of a showing counts one visit. A hidden tab sends as the page may be
 * discarded soon after (sendBeacon). Each report has its own id, so one sent again is counted once.
 */
import { useEffect, useRef } from 'react';
import { api } from '../../shared/api/client.js';

const FLUSH_MS = 30_000;
const PATH = '/api/annotate/time';

interface TimeReport {
  visible_ms: number;
  visit: boolean;
  /** the report sent again (a step retried after its answer was lost) is added once */
  report_id: string;
}

export interface VisibleTime {
  /**
   * The time on `instanceId` not reported yet, for a step leaving it to carry; undefined when there is none or
   * another item is shown. The few milliseconds until the next item is painted are not counted.
   */
  take(instanceId: string): TimeReport | undefined;
  /** The step that took the time was refused and `instanceId` stays shown: leaving it reports as usual again. */
  stay(instanceId: string): void;
}

interface Tracker {
  instanceId: string;
  take(): TimeReport | undefined;
  stay(): void;
}

export function useVisibleTime(instanceId: string | undefined): VisibleTime {
  const tracker = useRef<Tracker | null>(null);
  const handle = useRef<VisibleTime>({
    take: (id) => (tracker.current?.instanceId === id ? tracker.current.take() : undefined),
    stay: (id) => {
      if (tracker.current?.instanceId === id) tracker.current.stay();
    },
  });
  useEffect(() => {
    if (!instanceId) return;
    let since: number | null = document.visibilityState === 'visible' ? performance.now() : null;
    let pending = 0;
    let visit = true;
    // a step carries the time so far: leaving the item then sends nothing more
    let handedOver = false;
    const collect = (): TimeReport | undefined => {
      if (since !== null) {
        const now = performance.now();
        pending += now - since;
        since = now;
      }
      const visibleMs = Math.round(pending);
      const report = visibleMs || visit ? { visible_ms: visibleMs, visit, report_id: crypto.randomUUID() } : undefined;
      pending = 0;
      visit = false;
      return report;
    };
    const send = (leaving: boolean) => {
      handedOver = false;
      const report = collect();
      if (!report) return;
      const body = { instance_id: instanceId, ...report };
      if (leaving && navigator.sendBeacon(PATH, new Blob([JSON.stringify(body)], { type: 'application/json' }))) return;
      // a lost report is lost time, never a reason to interrupt the annotator
      api.post(PATH, body).catch(() => undefined);
    };
    tracker.current = {
      instanceId,
      take() {
        handedOver = true;
        return collect();
      },
      stay() {
        handedOver = false;
      },
    };
    const onVisibility = () => {
      if (document.visibilityState === 'hidden') {
        send(true);
        since = null;
      } else since = performance.now();
    };
    const onPageHide = () => send(true);
    const timer = setInterval(() => send(false), FLUSH_MS);
    document.addEventListener('visibilitychange', onVisibility);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      window.removeEventListener('pagehide', onPageHide);
      tracker.current = null;
      if (!handedOver) send(false);
    };
  }, [instanceId]);
  return handle.current;
}
