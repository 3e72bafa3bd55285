/**
 * The AI assistant's suggestion is a hint only: asked for in the background for each instance shown or kept
 * ready, and attached wherever that instance is by then. Once the assistant answers that it is off, it is not
 * asked again (`off`, which the instances taken in read to show no hint).
 */
import { useCallback, useMemo, useRef } from 'react';
import { api, ApiError, errorText } from '../../shared/api/client.js';
import type { AiSuggestion } from '../../shared/api/types.js';
import type { Loaded } from './loaded.js';

export function useAiRequest(attach: (instanceId: string, patch: Partial<Loaded>) => void) {
  const off = useRef(false);
  const ask = useCallback(
    (l: Loaded) => {
      if (off.current) return;
      const id = l.instance.instance_id;
      api
        .get<AiSuggestion>(`/get_ai_suggestion?instance_id=${encodeURIComponent(id)}`)
        .then((ai) => attach(id, { ai, aiNote: null }))
        .catch((e) => {
          const isOff = e instanceof ApiError && (e.status === 404 || e.status === 400);
          if (isOff) off.current = true;
          attach(id, { aiNote: isOff ? null : `AI suggestion unavailable: ${errorText(e)}` });
        });
    },
    [attach],
  );
  return useMemo(() => ({ ask, off }), [ask]);
}
