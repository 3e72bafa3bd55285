/** Records a skip of the current instance (allow_skip) and moves on; the form's answers are not sent. */
import { useCallback } from 'react';
import { api, errorText } from '../../shared/api/client.js';
import type { AnnotationCore } from './annotation-core.js';

export function useSkip(core: AnnotationCore, advance: (sent: null) => void): (reason: string) => Promise<void> {
  return useCallback(
    async (reason: string) => {
      const l = core.latest.current.loaded;
      if (!l || core.latest.current.busy) return;
      core.setError(null);
      core.setNotice(null);
      try {
        await api.post('/api/skip', { instance_id: l.instance.instance_id, reason: reason || undefined });
      } catch (e) {
        core.setError(errorText(e));
        return;
      }
      core.setDirty(false);
      core.latest.current = {
        ...core.latest.current,
        dirty: false,
        loaded: {
          ...l,
          instance: { ...l.instance, skip: l.instance.skip && { ...l.instance.skip, skipped: true, reason } },
        },
      };
      // the kept instance was fetched before this skip: count it, until the step's answer says so
      const next = core.ahead.current;
      if (next?.instance.skip && l.instance.skip && !l.instance.skip.skipped) {
        core.ahead.current = {
          ...next,
          instance: {
            ...next.instance,
            skip: { ...next.instance.skip, skipped_count: l.instance.skip.skipped_count + 1 },
          },
        };
      }
      advance(null);
    },
    [core, advance],
  );
}
