/**
 * State of the annotate screen: the schemes, the current instance with its highlights and the annotator's
 * answers, and the actions that talk to the server (submit, move). The instance after the current one is kept
 * ready, so Enter shows it at once while the step (save and move) goes to the server behind it through the
 * step queue; every server call goes through shared/api.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { api, ApiError, errorText } from '../../shared/api/client.js';
import type { AiSuggestion, Colors, CurrentInstance, QcResult, Schemes, StepAnswer } from '../../shared/api/types.js';
import { SESSION_RESTORED, useUnsavedWork } from '../../shared/unsaved/unsaved-work.js';
import { EMPTY, isEmpty, toSubmission, type Answers } from './answers.js';
import { afterPaint, StepQueue, type QueueState, type Step } from './step-queue.js';
import { counted, pickCounts, sameCounts, stepBody, viewToLoaded, type Loaded } from './loaded.js';
import { requiredNotice, unansweredRequired } from './required.js';
import { useVisibleTime } from './use-visible-time.js';

export type GoAction = 'next_instance' | 'prev_instance' | 'jump_to_unannotated';

/**
 * What a queued step remembers: the instance left with the answers sent, to return to if they are refused; an
 * undo remembers the instance it returns to.
 */
interface Left {
  view: Loaded;
  answers: Answers | null;
  undo?: true;
  /** a step back to the instance before `from` */
  back?: true;
}

/** Steps of this page that can be undone, newest last; the server keeps as many. */
const UNDO_KEPT = 20;

/** `onPhaseChange` is told where each move ended, to refresh the study phase when that matters. */
export function useAnnotation(onPhaseChange: (current: CurrentInstance) => void) {
  const [schemas, setSchemes] = useState<Schemes | null>(null);
  const [colors, setColors] = useState<Colors>({});
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [answers, setAnswersState] = useState<Answers>(EMPTY);
  const [dirty, setDirty] = useState(false);
  // a move the screen waits for: no instance was ready to show, or one that does not go through the queue
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [qc, setQc] = useState<QcResult | null>(null);
  const [saving, setSaving] = useState<QueueState>({ pending: 0, failure: null, paused: false });
  // the latest answers for actions started from key handlers bound before the last render
  const latest = useRef({ answers, dirty, loaded, busy, schemas });
  latest.current = { answers, dirty, loaded, busy, schemas };
  /** the instance after the shown one, ready to show */
  const ahead = useRef<Loaded | null>(null);
  /** the AI assistant answered that it is off: no more asking */
  const aiOff = useRef(false);
  /** the step whose answer the screen waits for, to show the instance it moves to */
  const waitingFor = useRef<Step<Left> | null>(null);
  // what a lost session stopped outside the queue, done again once the annotator has logged in again in place
  const retry = useRef<(() => Promise<void>) | null>(null);
  /** saving steps sent from this page, newest last: an undo shows the instance left at once, as it was */
  const undoable = useRef<Step<Left>[]>([]);
  /** the instance the server would undo (after a reload this page has no steps of its own) */
  const serverUndo = useRef<string | null>(null);
  const [canUndo, setCanUndo] = useState(false);
  const undoChanged = useCallback(() => setCanUndo(undoable.current.length > 0 || serverUndo.current !== null), []);
  useUnsavedWork(dirty || saving.pending > 0);
  const visibleTime = useVisibleTime(loaded?.instance.instance_id);

  const setAnswers = useCallback((update: (a: Answers) => Answers) => {
    setAnswersState((a) => update(a));
    setDirty(true);
  }, []);

  /** Puts an instance on screen with its stored answers. */
  const display = useCallback((l: Loaded) => {
    latest.current = { ...latest.current, loaded: l, answers: l.saved, dirty: false };
    setLoaded(l);
    setAnswersState(l.saved);
    setDirty(false);
  }, []);

  /** The suggestion is a hint only: fetched in the background and attached wherever the instance now is. */
  const askAi = useCallback((l: Loaded) => {
    if (aiOff.current) return;
    const id = l.instance.instance_id;
    const attach = (patch: Partial<Loaded>) => {
      if (ahead.current?.instance.instance_id === id) ahead.current = { ...ahead.current, ...patch };
      setLoaded((cur) => (cur && cur.instance.instance_id === id ? { ...cur, ...patch } : cur));
    };
    api
      .get<AiSuggestion>(`/get_ai_suggestion?instance_id=${encodeURIComponent(id)}`)
      .then((ai) => attach({ ai, aiNote: null }))
      .catch((e) => {
        const off = e instanceof ApiError && (e.status === 404 || e.status === 400);
        if (off) aiOff.current = true;
        attach({ aiNote: off ? null : `AI suggestion unavailable: ${errorText(e)}` });
      });
  }, []);

  /** Takes in a step answer: the instance moved to (shown unless another is) and the one after it. */
  const takeIn = useCallback(
    (answer: StepAnswer, show: boolean) => {
      if (show) {
        const l = viewToLoaded(answer.current, aiOff.current);
        display(l);
        askAi(l);
      } else {
        // the figures of the instance on screen as the server counts them now, answers untouched
        setLoaded((cur) =>
          cur && cur.instance.instance_id === answer.current.instance_id && !sameCounts(cur.instance, answer.current)
            ? { ...cur, instance: { ...cur.instance, ...pickCounts(answer.current) } }
            : cur,
        );
      }
      ahead.current = answer.next ? viewToLoaded(answer.next, aiOff.current) : null;
      if (ahead.current) askAi(ahead.current);
      if (answer.undo !== undefined) serverUndo.current = answer.undo;
      undoChanged();
    },
    [display, askAi, undoChanged],
  );

  const onPhaseChangeRef = useRef(onPhaseChange);
  onPhaseChangeRef.current = onPhaseChange;
  const queue = useRef<StepQueue<Left, StepAnswer> | null>(null);
  queue.current ??= new StepQueue<Left, StepAnswer>({
    send: (step) =>
      step.meta.undo
        ? api.post<StepAnswer>('/api/annotate/undo', { instance_id: step.from })
        : api.post<StepAnswer>('/api/annotate/step', { from: step.from, ...step.body }),
    answered(step, answer, last) {
      if (answer.result?.qc_result) setQc(answer.result.qc_result as QcResult);
      if (!last) return;
      const shown = latest.current.loaded?.instance.instance_id;
      if (waitingFor.current === step) {
        waitingFor.current = null;
        if (answer.current.instance_id === step.from && !step.meta.undo)
          setNotice(step.meta.back ? 'This is the first instance.' : 'This is the last instance.');
        takeIn(answer, true);
        setBusy(false);
      } else takeIn(answer, shown !== answer.current.instance_id && !latest.current.dirty);
      onPhaseChangeRef.current(answer.current);
    },
    refused(step, e) {
      // what this page could undo no longer matches the server's steps: from now on the server says
      undoable.current = [];
      queue.current!.drop((s) => !!s.meta.undo);
      if (step.meta.undo) {
        waitingFor.current = null;
        setBusy(false);
        setError(`Could not undo: ${e.message}`);
        serverUndo.current = null;
        undoChanged();
        if (!latest.current.dirty && !queue.current!.state.pending) void refresh();
        return;
      }
      // the annotator is taken back to the instance whose answers were refused, with those answers
      waitingFor.current = null;
      ahead.current = null;
      setBusy(false);
      visibleTime.stay(step.from);
      setLoaded(step.meta.view);
      setAnswersState(step.meta.answers ?? step.meta.view.saved);
      setDirty(true);
      setError(`Your answers to ${step.from} were not saved: ${e.message}`);
    },
    changed: setSaving,
    later: afterPaint,
  });
  useEffect(() => () => queue.current?.stop(), []);

  /** Shows what the server has now: after an undo it refused, the instance shown may not be as stored. */
  const refresh = async () => {
    try {
      takeIn(await api.get<StepAnswer>('/api/annotate/step'), true);
    } catch (e) {
      setError(errorText(e));
    }
  };

  const load = useCallback(async () => {
    setError(null);
    try {
      const [s, c, here] = await Promise.all([
        api.get<Schemes>('/api/schemas'),
        api.get<Colors>('/api/colors'),
        api.get<StepAnswer>('/api/annotate/step'),
      ]);
      setSchemes(s);
      setColors(c);
      takeIn(here, true);
    } catch (e) {
      setError(errorText(e));
    }
  }, [takeIn]);

  useEffect(() => {
    void load();
  }, [load]);

  /**
   * Leaves the shown instance for the one after it (or, `back`, the one before), saving `sent` answers on the way:
   * the next instance is shown at once when it is ready, and the step is queued. A step back waits for its answer,
   * which brings the instance before; its save can be undone like any other.
   */
  const advance = useCallback(
    (sent: Answers | null, back = false) => {
      const l = latest.current.loaded;
      if (!l || latest.current.busy) return;
      setError(null);
      setNotice(null);
      const id = l.instance.instance_id;
      const time = visibleTime.take(id);
      const step: Step<Left> = {
        from: id,
        body: { ...(sent ? stepBody(id, sent) : {}), ...(back ? { to: 'previous' } : {}), ...(time ? { time } : {}) },
        meta: { view: l, answers: sent, ...(back ? { back: true as const } : {}) },
      };
      const next = back ? null : ahead.current;
      ahead.current = null;
      if (sent) {
        undoable.current.push(step);
        if (undoable.current.length > UNDO_KEPT) undoable.current.shift();
        undoChanged();
      }
      if (next) {
        // counted as the server will count it, until the step's answer says so
        const gained = sent && !isEmpty(sent) && !l.instance.annotated ? 1 : 0;
        display(gained ? { ...next, instance: counted(next.instance, gained) } : next);
      } else {
        waitingFor.current = step;
        setBusy(true);
      }
      queue.current!.push(step);
    },
    [display, undoChanged, visibleTime],
  );

  /**
   * Ctrl+Z: unsaved changes on the shown instance go first; then back to the instance last submitted, its
   * answers as they were before. The undo is queued behind the steps still on their way, so it takes back the
   * one it names and nothing is reordered; the instance is shown at once when this page left it.
   */
  const undo = useCallback(() => {
    const { loaded: l, busy: waiting, dirty: changed } = latest.current;
    if (!l || waiting) return;
    setError(null);
    if (changed) {
      display(l);
      setNotice(
        'Your unsaved changes to this instance are undone. Undo again to go back to the instance you submitted before it.',
      );
      return;
    }
    const mine = undoable.current.pop();
    const target = mine?.from ?? serverUndo.current;
    if (!target) {
      setNotice('There is nothing to undo.');
      return;
    }
    setNotice(null);
    serverUndo.current = null;
    undoChanged();
    const step: Step<Left> = {
      from: target,
      body: {},
      meta: { view: mine?.meta.view ?? l, answers: null, undo: true },
    };
    if (mine) {
      // the instance on screen comes next again if it is the one after; else the undo's answer says which
      ahead.current = l.instance.current_index === mine.meta.view.instance.current_index + 1 ? l : null;
      display(mine.meta.view);
    } else {
      waitingFor.current = step;
      setBusy(true);
    }
    queue.current!.push(step);
  }, [display, undoChanged]);

  /**
   * Moving on waits for the required questions (the server refuses it too), unless the instance is skipped:
   * true when the annotator was told what is missing instead.
   */
  const requiredMissing = useCallback((forward: boolean): boolean => {
    const { loaded: l, schemas: all, answers: form } = latest.current;
    const here = l?.instance;
    if (!forward || !here || here.skip?.skipped) return false;
    const missing = unansweredRequired(Object.values(all ?? {}), form);
    if (!missing.length) return false;
    setError(null);
    setNotice(requiredNotice(missing, !!here.skip?.allowed));
    return true;
  }, []);

  /** Moves other than a step (next unannotated, by id): after every queued step is stored. */
  const move = useCallback(
    async (action: GoAction | { go_to: string }) => {
      if (latest.current.busy) return;
      if (requiredMissing(action === 'jump_to_unannotated')) return;
      const q = queue.current!;
      if (q.state.failure) {
        setError('Your earlier answers are not saved yet; wait until they are (see below) before moving.');
        return;
      }
      setBusy(true);
      setError(null);
      setNotice(null);
      try {
        const { dirty: d, loaded: l, answers: a } = latest.current;
        if (d && l) await api.post('/updateinstance', toSubmission(l.instance.instance_id, a));
        await q.drained();
        const before = latest.current.loaded?.instance.instance_id;
        await api.post('/go_to', typeof action === 'string' ? { action } : action);
        const here = await api.get<StepAnswer>('/api/annotate/step');
        if (here.current.instance_id === before && typeof action === 'string') {
          setNotice(
            action === 'jump_to_unannotated'
              ? 'Every instance is annotated.'
              : action === 'next_instance'
                ? 'This is the last instance.'
                : 'This is the first instance.',
          );
        }
        takeIn(here, true);
        onPhaseChangeRef.current(here.current);
      } catch (e) {
        if (e instanceof ApiError && e.status === 401 && latest.current.dirty) {
          retry.current = () => move(action);
          setError('Your session ended. Log in again to save your answers; they stay on this page.');
        } else setError(errorText(e));
      } finally {
        setBusy(false);
      }
    },
    [takeIn, requiredMissing],
  );

  useEffect(() => {
    const again = () => {
      queue.current?.resume();
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
    if (requiredMissing(true)) return;
    if (isEmpty(latest.current.answers)) {
      setError(null);
      setNotice(
        'Nothing is answered on this instance yet: answer a question first, or press → to move on without answering.',
      );
      return;
    }
    advance(latest.current.answers);
  }, [advance, requiredMissing]);

  const go = useCallback(
    async (action: GoAction | { go_to: string }) => {
      if (action === 'next_instance') {
        const here = latest.current.loaded?.instance;
        if (!requiredMissing(!!here && here.current_index + 1 < here.total_instances))
          advance(latest.current.dirty ? latest.current.answers : null);
      } else if (action === 'prev_instance') advance(latest.current.dirty ? latest.current.answers : null, true);
      else await move(action);
    },
    [advance, move, requiredMissing],
  );

  /** Records a skip of the current instance (allow_skip) and moves on; the form's answers are not sent. */
  const skip = useCallback(
    async (reason: string) => {
      const l = latest.current.loaded;
      if (!l || latest.current.busy) return;
      setError(null);
      setNotice(null);
      try {
        await api.post('/api/skip', { instance_id: l.instance.instance_id, reason: reason || undefined });
      } catch (e) {
        setError(errorText(e));
        return;
      }
      setDirty(false);
      latest.current = {
        ...latest.current,
        dirty: false,
        loaded: {
          ...l,
          instance: { ...l.instance, skip: l.instance.skip && { ...l.instance.skip, skipped: true, reason } },
        },
      };
      // the kept instance was fetched before this skip: count it, until the step's answer says so
      const next = ahead.current;
      if (next?.instance.skip && l.instance.skip && !l.instance.skip.skipped) {
        ahead.current = {
          ...next,
          instance: {
            ...next.instance,
            skip: { ...next.instance.skip, skipped_count: l.instance.skip.skipped_count + 1 },
          },
        };
      }
      advance(null);
    },
    [advance],
  );

  const retrySave = useCallback(() => queue.current?.retryNow(), []);

  return {
    schemas,
    colors,
    loaded,
    answers,
    setAnswers,
    dirty,
    busy,
    error,
    setError,
    notice,
    setNotice,
    qc,
    submit,
    go,
    skip,
    reload: load,
    saving,
    retrySave,
    undo,
    canUndo,
  };
}
export type Annotation = ReturnType<typeof useAnnotation>;
