/**
 * State of the annotate screen: the schemes, the current instance with its highlights and the annotator's
 * answers, and the actions that talk to the server (submit, move, undo, skip). The instance after the current
 * one is kept ready, so Enter shows it at once while the step (save and move) goes to the server behind it
 * through the step queue; every server call goes through shared/api. The other moves, undo and skip are in the
 * use-*.ts files beside this one, sharing its refs through annotation-core.ts.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { api, ApiError, errorText } from '../../shared/api/client.js';
import type { Colors, CurrentInstance, QcResult, Schemes, StepAnswer } from '../../shared/api/types.js';
import { useUnsavedWork } from '../../shared/unsaved/unsaved-work.js';
import { EMPTY, isEmpty, type Answers } from './answers.js';
import type { AnnotationCore, Latest, Left } from './annotation-core.js';
import { counted, pickCounts, sameCounts, stepBody, viewToLoaded, type Loaded } from './loaded.js';
import { firstOpenTurn, requiredNotice, unansweredRequired } from './required.js';
import { showTurnQuestion } from './step-requests.js';
import { afterPaint, StepQueue, type QueueState, type Step } from './step-queue.js';
import { UndoStack } from './undo-stack.js';
import { useAiRequest } from './use-ai-request.js';
import { useMoves, type GoAction } from './use-moves.js';
import { useSkip } from './use-skip.js';
import { useUndo } from './use-undo.js';
import { useVisibleTime } from './use-visible-time.js';

/** `onPhaseChange` is told where each move ended, to refresh the study phase when that matters. */
export function useAnnotation(onPhaseChange: (current: CurrentInstance) => void) {
  const [schemes, setSchemes] = useState<Schemes | null>(null);
  const [colors, setColors] = useState<Colors>({});
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [answers, setAnswersState] = useState<Answers>(EMPTY);
  const [dirty, setDirty] = useState(false);
  // a move the screen waits for: no instance was ready to show, or one that does not go through the queue
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  // the server handed this annotator nothing (a cohort's outsider, a full group, every item taken): its reason
  const [nothing, setNothing] = useState<string | null>(null);
  const [qc, setQc] = useState<QcResult | null>(null);
  const [saving, setSaving] = useState<QueueState>({ pending: 0, failure: null, paused: false });
  const latest = useRef<Latest>({ answers, dirty, loaded, busy, schemes });
  latest.current = { answers, dirty, loaded, busy, schemes };
  const ahead = useRef<Loaded | null>(null);
  const waitingFor = useRef<Step<Left> | null>(null);
  const [canUndo, setCanUndo] = useState(false);
  const [undoStack] = useState(() => new UndoStack(setCanUndo));
  useUnsavedWork(dirty || saving.pending > 0);
  const visibleTime = useVisibleTime(loaded?.instance.instance_id);

  const setAnswers = useCallback((update: (a: Answers) => Answers) => {
    setAnswersState((a) => update(a));
    setDirty(true);
  }, []);

  const display = useCallback((l: Loaded) => {
    latest.current = { ...latest.current, loaded: l, answers: l.saved, dirty: false };
    setLoaded(l);
    setAnswersState(l.saved);
    setDirty(false);
  }, []);

  const ai = useAiRequest(
    useCallback((id: string, patch: Partial<Loaded>) => {
      if (ahead.current?.instance.instance_id === id) ahead.current = { ...ahead.current, ...patch };
      setLoaded((cur) => (cur && cur.instance.instance_id === id ? { ...cur, ...patch } : cur));
    }, []),
  );

  const takeIn = useCallback(
    (answer: StepAnswer, show: boolean) => {
      if (show) {
        const l = viewToLoaded(answer.current, ai.off.current);
        display(l);
        ai.ask(l);
      } else {
        // the figures of the instance on screen as the server counts them now, answers untouched
        setLoaded((cur) =>
          cur && cur.instance.instance_id === answer.current.instance_id && !sameCounts(cur.instance, answer.current)
            ? { ...cur, instance: { ...cur.instance, ...pickCounts(answer.current) } }
            : cur,
        );
      }
      ahead.current = answer.next ? viewToLoaded(answer.next, ai.off.current) : null;
      if (ahead.current) ai.ask(ahead.current);
      undoStack.serverSays(answer.undo);
    },
    [display, ai, undoStack],
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
      undoStack.forgetMine();
      queue.current!.drop((s) => !!s.meta.undo);
      if (step.meta.undo) {
        waitingFor.current = null;
        setBusy(false);
        setError(`Could not undo: ${e.message}`);
        undoStack.serverSays(null);
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
      setNothing(null);
      takeIn(here, true);
    } catch (e) {
      if (e instanceof ApiError && e.status === 404) setNothing(e.message);
      else setError(errorText(e));
    }
  }, [takeIn]);

  useEffect(() => {
    void load();
  }, [load]);

  const core = useMemo<AnnotationCore>(
    () => ({
      latest,
      ahead,
      waitingFor,
      queue: queue.current!,
      display,
      takeIn,
      setBusy,
      setDirty,
      setError,
      setNotice,
    }),
    [display, takeIn],
  );

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
      if (sent) undoStack.push(step);
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
    [display, undoStack, visibleTime],
  );

  /**
   * Moving on waits for the required questions (the server refuses it too), unless the instance is skipped:
   * true when the annotator was told what is missing instead.
   */
  const requiredMissing = useCallback((forward: boolean): boolean => {
    const { loaded: l, schemes: all, answers: form } = latest.current;
    const here = l?.instance;
    if (!forward || !here || here.skip?.skipped) return false;
    const blocks = here.display.blocks;
    const missing = unansweredRequired(Object.values(all ?? {}), form, here.data, blocks);
    if (!missing.length) return false;
    // a per-turn question's turn may be out of sight (the web agent viewer shows one step): show it and focus it
    const open = firstOpenTurn(missing, form, blocks);
    setError(null);
    setNotice(requiredNotice(missing, !!here.skip?.allowed, open));
    if (open) showTurnQuestion(open.field, open.index, open.id, open.scheme.name);
    return true;
  }, []);

  const move = useMoves(core, requiredMissing, onPhaseChange);
  const undo = useUndo(core, undoStack);
  const skip = useSkip(core, advance);

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

  const retrySave = useCallback(() => queue.current?.retryNow(), []);

  return {
    schemes,
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
    nothing,
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
