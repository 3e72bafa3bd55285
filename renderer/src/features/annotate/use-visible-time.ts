/**
 * Time on an item counts only while its tab is visible: the page measures it (Page Visibility) and reports it to
 * POST /api/annotate/time when the item is left, when the tab is hidden, and every 30 s, so a closed tab loses
 * little. The first report of a showing counts one visit. A hidden tab sends as the page may be discarded soon
 * after (sendBeacon).
 */
import { useEffect } from 'react';
import { api } from '../../shared/api/client.js';

const FLUSH_MS = 30_000;
const PATH = '/api/annotate/time';

export function useVisibleTime(instanceId: string | undefined): void {
  useEffect(() => {
    if (!instanceId) return;
    let since: number | null = document.visibilityState === 'visible' ? performance.now() : null;
    let pending = 0;
    let visit = true;
    const take = () => {
      if (since === null) return;
      const now = performance.now();
      pending += now - since;
      since = now;
    };
    const send = (leaving: boolean) => {
      take();
      const visible_ms = Math.round(pending);
      if (!visible_ms && !visit) return;
      const body = { instance_id: instanceId, visible_ms, visit };
      pending = 0;
      visit = false;
      if (leaving && navigator.sendBeacon(PATH, new Blob([JSON.stringify(body)], { type: 'application/json' }))) return;
      // a lost report is lost time, never a reason to interrupt the annotator
      api.post(PATH, body).catch(() => undefined);
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
      send(false);
    };
  }, [instanceId]);
}
