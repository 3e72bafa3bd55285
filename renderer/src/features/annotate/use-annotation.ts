/**
 * State of the annotate screen: the schemes, the current instance with its highlights and the annotator's
 * answers, and the actions that talk to the server (submit, move). Every server call goes through shared/api.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError, errorText } from '../../shared/api/client.js';
import type { AiSuggestion, Colors, CurrentInstance, Keyword, Prediction, QcResult, Schemas, StoredAnnotations, SubmitResult } from '../../shared/api/types.js';
import { SESSION_RESTORED, useUnsavedWork } from '../../shared/unsaved/unsaved-work.js';
import { EMPTY, fromStored, isEmpty, toSubmission, type Answers } from './answers.js';
import { requiredNotice, unansweredRequired } from './required.js';

export interface Loaded {
  instance: CurrentInstance;
  keywords: Keyword[];
  /** null while loading or when the AI assistant is off */
  ai: AiSuggestion | null;
  aiNote: string | null;
  /** pre-annotations imported for this instance, by source */
  predictions: Prediction[];
  /** the annotator's answers as the server has them */
  saved: Answers;
}

export type GoAction = 'next_instance' | 'prev_instance' | 'jump_to_unannotated';

export function useAnnotation(onPhaseChange: () => void) {
  const [schemas, setSchemas] = useState<Schemas | null>(null);
  const [colors, setColors] = useState<Colors>({});
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [answers, setAnswersState] = useState<Answers>(EMPTY);
  const [dirty, setDirty] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [qc, setQc] = useState<QcResult | null>(null);
  // the latest answers for actions started from key handlers bound before the last render
  const latest = useRef({ answers, dirty, loaded, schemas });
  latest.current = { answers, dirty, loaded, schemas };
  // what a lost session stopped, done again once the annotator has logged in again in place
  const retry = useRef<(() => Promise<void>) | null>(null);
  useUnsavedWork(dirty);

  const setAnswers = useCallback((update: (a: Answers) => Answers) => {
    setAnswersState((a) => update(a));
    setDirty(true);
  }, []);

  const show = useCallback(
    async (instance: CurrentInstance) => {
      const id = encodeURIComponent(instance.instance_id);
      const [stored, highlights, predicted] = await Promise.all([
        api.get<StoredAnnotations>(`/get_annotations?instance_id=${id}`),
        api.get<{ keywords: Keyword[] }>(`/api/keyword_highlights/${id}`).catch(() => ({ keywords: [] })),
        api.get<{ predictions: Prediction[] }>(`/api/predictions/${id}`).catch(() => ({ predictions: [] })),
      ]);
      const saved = fromStored(stored);
      setLoaded({ instance, keywords: highlights.keywords, ai: null, aiNote: 'Asking the AI assistant…', predictions: predicted.predictions, saved });
      setAnswersState(saved);
      setDirty(false);
      // the new instance is on screen: keys act on it from this same render, not only once the move has finished
      setBusy(false);
      // the suggestion is a hint only: it is shown, and applied to the form when the annotator accepts it
      api
        .get<AiSuggestion>(`/get_ai_suggestion?instance_id=${id}`)
        .then((ai) => setLoaded((l) => (l && l.instance.instance_id === instance.instance_id ? { ...l, ai, aiNote: null } : l)))
        .catch((e) => {
          const note = e instanceof ApiError && (e.status === 404 || e.status === 400) ? null : `AI suggestion unavailable: ${errorText(e)}`;
          setLoaded((l) => (l && l.instance.instance_id === instance.instance_id ? { ...l, aiNote: note } : l));
        });
    },
    [],
  );

  const load = useCallback(async () => {
    setError(null);
    try {
      const [s, c, instance] = await Promise.all([api.get<Schemas>('/api/schemas'), api.get<Colors>('/api/colors'), api.get<CurrentInstance>('/api/current_instance')]);
      setSchemas(s);
      setColors(c);
      await show(instance);
    } catch (e) {
      setError(errorText(e));
    }
  }, [show]);

  useEffect(() => {
    void load();
  }, [load]);

  /** Sends the form; throws what the server refused. */
  const save = useCallback(async (): Promise<void> => {
    const { loaded: l, answers: a } = latest.current;
    if (!l) return;
    const result = await api.post<SubmitResult>('/updateinstance', toSubmission(l.instance.instance_id, a));
    setDirty(false);
    setLoaded((cur) => (cur && cur.instance.instance_id === l.instance.instance_id ? { ...cur, saved: a } : cur));
    setQc(result.qc_result ?? null);
  }, []);

  const move = useCallback(
    async (action: GoAction | { go_to: string }, saveFirst: boolean) => {
      if (busy) return;
      setBusy(true);
      setError(null);
      setNotice(null);
      try {
        if (saveFirst) await save();
        // moving on waits for the required questions (the server refuses it too), unless the instance is skipped
        const here = latest.current.loaded?.instance;
        const forward = action === 'jump_to_unannotated' || (action === 'next_instance' && !!here && here.current_index + 1 < here.total_instances);
        if (forward && here && !here.skip?.skipped) {
          const missing = unansweredRequired(Object.values(latest.current.schemas ?? {}), latest.current.answers);
          if (missing.length) {
            setNotice(requiredNotice(missing, !!here.skip?.allowed));
            return;
          }
        }
        const before = latest.current.loaded?.instance.instance_id;
        const next = await api.post<CurrentInstance>('/go_to', typeof action === 'string' ? { action } : action);
        if (next.instance_id === before && typeof action === 'string') {
          setNotice(
            action === 'jump_to_unannotated' ? 'Every instance is annotated.' : action === 'next_instance' ? 'This is the last instance.' : 'This is the first instance.',
          );
          await show(next);
        } else await show(next);
        onPhaseChange();
      } catch (e) {
        if (e instanceof ApiError && e.status === 401 && latest.current.dirty) {
          retry.current = () => move(action, true);
          setError('Your session ended. Log in again to save your answers; they stay on this page.');
        } else setError(errorText(e));
      } finally {
        setBusy(false);
      }
    },
    [busy, save, show, onPhaseChange],
  );

  useEffect(() => {
    const again = () => {
      const r = retry.current;
      retry.current = null;
      if (r) void r();
    };
    window.addEventListener(SESSION_RESTORED, again);
    return () => window.removeEventListener(SESSION_RESTORED, again);
  }, []);

  /** Saves and moves on; an empty form is not sent, and the annotator is told why nothing happened. */
  const submit = useCallback(async () => {
    setQc(null);
    const { loaded: l, schemas: all, answers: form } = latest.current;
    const missing = l?.instance.skip?.skipped ? [] : unansweredRequired(Object.values(all ?? {}), form);
    if (missing.length) {
      setError(null);
      setNotice(requiredNotice(missing, !!l?.instance.skip?.allowed));
      return;
    }
    if (isEmpty(latest.current.answers)) {
      setError(null);
      setNotice('Nothing is answered on this instance yet: answer a question first, or press → to move on without answering.');
      return;
    }
    await move('next_instance', true);
  }, [move]);

  const go = useCallback((action: GoAction) => move(action, latest.current.dirty), [move]);

  /** Records a skip of the current instance (allow_skip) and moves on; the form's answers are not sent. */
  const skip = useCallback(
    async (reason: string) => {
      const l = latest.current.loaded;
      if (!l || busy) return;
      setError(null);
      setNotice(null);
      try {
        await api.post('/api/skip', { instance_id: l.instance.instance_id, reason: reason || undefined });
      } catch (e) {
        setError(errorText(e));
        return;
      }
      setDirty(false);
      latest.current = { ...latest.current, dirty: false, loaded: { ...l, instance: { ...l.instance, skip: l.instance.skip && { ...l.instance.skip, skipped: true, reason } } } };
      await move('next_instance', false);
    },
    [busy, move],
  );

  return { schemas, colors, loaded, answers, setAnswers, dirty, busy, error, setError, notice, setNotice, qc, submit, go, skip, reload: load };
}
