/**
 * The annotate screen: text with highlights, every scheme of the task, spans, AI hint, QC feedback and
 * progress. Keyboard first: the keys are bound in use-annotate-keys.ts.
 */
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { Phase } from '../../shared/api/types.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';
import { KeymapOverlay, labelTooltips } from '../../shared/keymap/keymap-overlay.js';
import { AiHint } from './ai-hint.js';
import { AnnotateForm } from './annotate-form.js';
import { annotatedCountOf, AnnotateNotices, announcement } from './annotate-notices.js';
import { AnnotateTop } from './annotate-top.js';
import { removeSpan, type Answers } from './answers.js';
import { hiddenSchemes } from './conditional.js';
import { hasInstructions, InstructionsPanel, useInstructions } from './instructions.js';
import { ItemDisplay, type BoxSlot, type TurnSlot } from './item-display.js';
import { BoxLayer } from '../bounding-box/box-layer.js';
import { fieldBoxLabels } from '../bounding-box/boxes.js';
import { TurnQuestions } from './turn-questions.js';
import { PredictionHint } from './prediction-hint.js';
import { QcFeedback } from './qc-feedback.js';
import { SpanPanel } from './span-panel.js';
import { TriageBadge } from './triage-badge.js';
import { useAnnotateKeys } from './use-annotate-keys.js';
import { useFillHints } from './use-fill-hints.js';
import { useFirstQuestion } from './use-first-question.js';
import { useKeyMaps } from './use-key-maps.js';
import { useMarks } from './use-marks.js';
import { usePhaseMoves, usePhasedAnnotation } from './use-phase-moves.js';
import { useSpanSelection } from './use-span-selection.js';
import { spanFieldTexts, useSpanSurfaces } from './use-span-surfaces.js';
import { useTypingLog } from './use-typing-log.js';
import './annotate.css';
import './schemes/schemes.css';
import './schemes/scheme-types.css';

interface Props {
  /** the caller's phase, refreshed after every move; its `remaining` gives the annotated count on servers
   * whose current-instance record has no `annotated_count` */
  phase: Phase | null;
  onPhaseChange: () => void;
  footer?: React.ReactNode;
  /** beside the form, for the instance shown and its answers as they stand (the memos panel, truth serum's card) */
  aside?: (instance: {
    id: string;
    text: string;
    labels: Answers['labels'];
    /** selects a label of a single-choice scheme in the form (a label said aloud), saved on submit */
    choose: (scheme: string, label: string) => void;
    /** sets (or clears, with null) a check run before Submit and Next: true holds the move (think-aloud's nudge) */
    holdNext: (check: (() => boolean) | null) => void;
  }) => React.ReactNode;
  /** the agent chat panel, drawn where the display puts Potato's interactive_chat field */
  agentChat?: (instanceId: string, field: string) => React.ReactNode;
  /** added to the top bar for the item shown (chat support's button) */
  topExtra?: (instanceId: string) => React.ReactNode;
}

export function AnnotateScreen({ phase, onPhaseChange, footer, aside, agentChat, topExtra }: Props) {
  const a = usePhasedAnnotation(phase, onPhaseChange);
  const [help, setHelp] = useState(false);
  const instructions = useInstructions();

  // questions asked per dialogue turn (and an audio dialogue's speakers) are drawn under the turns, not in the form
  const [schemes, turnSchemes] = useMemo(() => {
    const all = Object.values(a.schemes ?? {});
    const perTurn = (s: (typeof all)[number]) => !!(s.turn_level || s.speaker_assignment);
    return [all.filter((s) => !perTurn(s)), all.filter(perTurn)];
  }, [a.schemes]);
  const { setAnswers } = a;
  const turnSlot = useCallback<TurnSlot>(
    (field, turn, index, turns) => (
      <TurnQuestions
        schemes={turnSchemes}
        field={field}
        turn={turn}
        index={index}
        turns={turns}
        answers={a.answers}
        update={setAnswers}
      />
    ),
    [turnSchemes, a.answers, setAnswers],
  );
  // conditional schemes come and go as answers change
  const hidden = useMemo(() => hiddenSchemes(schemes, a.answers), [schemes, a.answers]);
  const keys = useKeyMaps(schemes, a.colors, hidden);
  // a key that submits once its answer is in (triage's auto_advance): the submit waits for the render that has it
  const [advancing, setAdvancing] = useState(false);
  const advance = useCallback(() => setAdvancing(true), []);
  const instanceId = a.loaded?.instance.instance_id;
  const fieldTexts = useMemo(() => spanFieldTexts(a.loaded?.instance.display), [a.loaded?.instance.display]);
  const selection = useSpanSelection(a.loaded?.instance.text ?? '', a.schemes, a.setAnswers, fieldTexts);
  const chooseOnly = useCallback(
    (scheme: string, label: string) =>
      setAnswers((ans) => ({ ...ans, labels: { ...ans.labels, [scheme]: { [label]: 'true' } } })),
    [setAnswers],
  );
  const hints = useFillHints(a);
  const typing = useTypingLog(a.loaded?.instance.instance_id);

  // a new instance starts with no selection and a screen reader told about it, set in the render that shows it:
  // an effect would render the screen a second time before the new item is painted
  const [shown, setShown] = useState<{ id?: string; announced: string }>({ announced: '' });
  if (shown.id !== instanceId) {
    const i = a.loaded?.instance;
    setShown({ id: instanceId, announced: shown.id === undefined || !i ? '' : announcement(i) });
    selection.reset();
    hints.reset();
  }
  useFirstQuestion(instanceId);

  const { pending } = selection;
  const { submit, next, previous, first, backToPhase, holdNext } = usePhaseMoves(a, phase, onPhaseChange, selection);

  useAnnotateKeys({
    a,
    selection,
    keys,
    actions: {
      submit,
      next,
      previous,
      acceptAi: hints.acceptAi,
      acceptPrediction: hints.acceptPrediction,
      advance,
      toggleInstructions: instructions.toggle,
    },
    help: { open: help, set: setHelp },
  });

  useEffect(() => {
    if (!advancing) return;
    setAdvancing(false);
    submit();
  }, [advancing, submit]);

  const { marks, arcs, fields, crossArcs } = useMarks(a.loaded, schemes, a.answers, a.colors, pending);
  const { surface, fieldSurface, dialogueSpans, keyboardField } = useSpanSurfaces(
    { text: a.loaded?.instance.text ?? '', display: a.loaded?.instance.display, marks, arcs, fields },
    selection,
  );

  const boxLabels = useMemo(() => keys.spanChoices.filter((l) => l.plain && l.field === undefined), [keys.spanChoices]);
  const boxLayer = useCallback<BoxSlot>(
    (field, page, options, content) => (
      <BoxLayer
        name={field}
        page={page}
        minSize={options.min_size}
        showLabels={options.show_labels}
        labels={options.field_labels ? fieldBoxLabels(field, options.field_labels, a.colors) : boxLabels}
        spans={a.answers.spans}
        setAnswers={setAnswers}
      >
        {content}
      </BoxLayer>
    ),
    [boxLabels, a.answers.spans, a.colors, setAnswers],
  );

  if (!a.schemes || !a.loaded) {
    if (a.nothing)
      return (
        <div className="nothing-to-annotate" role="status">
          <h2>Nothing to annotate</h2>
          <p>{a.nothing.charAt(0).toUpperCase() + a.nothing.slice(1)}.</p>
        </div>
      );
    return a.error ? <ErrorNote onRetry={() => void a.reload()}>{a.error}</ErrorNote> : <Loading what="the instance" />;
  }
  const { instance } = a.loaded;
  const annotatedCount = annotatedCountOf(instance, phase);
  return (
    <div className="annotate">
      <AnnotateTop
        instance={instance}
        annotatedCount={annotatedCount}
        guidelines={hasInstructions(instructions.instructions)}
        guidelinesOpen={instructions.open}
        toggleGuidelines={instructions.toggle}
        showKeys={() => setHelp(true)}
        open={(id) => void a.go({ go_to: id })}
        extra={topExtra?.(instance.instance_id)}
      />
      <InstructionsPanel
        instructions={instructions.instructions}
        open={instructions.open}
        onToggle={instructions.setOpen}
      />
      <AnnotateNotices
        instance={instance}
        annotatedCount={annotatedCount}
        typingNotice={typing.notice}
        error={a.error}
        notice={a.notice}
        announced={shown.announced}
      />
      <QcFeedback qc={a.qc} />
      <div className="annotate-body">
        <section className="text-column" aria-label="Instance text">
          <TriageBadge triage={instance.triage} />
          <ItemDisplay
            display={instance.display}
            surface={surface}
            turnSlot={turnSchemes.length ? turnSlot : undefined}
            chatSlot={agentChat && ((field) => agentChat(instance.instance_id, field))}
            fieldSurface={fieldSurface}
            dialogueSpans={dialogueSpans}
            crossArcs={crossArcs}
            boxLayer={boxLayer}
          />
          <SpanPanel
            labels={keys.spanChoices}
            keys={keys.spanKeys}
            askLabel={selection.askLabel}
            pending={pending}
            text={instance.text}
            fieldTexts={fieldTexts}
            spans={a.answers.spans}
            colors={a.colors}
            onLabel={selection.label}
            onCancel={() => selection.selectWords(null)}
            onRemove={(i) => a.setAnswers((ans) => removeSpan(ans, i))}
            keyboardField={keyboardField}
          />
          <PredictionHint
            predictions={a.loaded.predictions}
            applied={hints.predictionApplied}
            onAccept={hints.acceptPrediction}
          />
          <AiHint
            ai={a.loaded.ai}
            note={a.loaded.aiNote}
            applied={hints.aiApplied}
            onAccept={hints.acceptAi}
            saved={a.loaded.saved}
            prediction={a.loaded.predictions[0]}
          />
        </section>
        <AnnotateForm
          a={a}
          instance={instance}
          note={a.loaded.note}
          schemes={schemes}
          hidden={hidden}
          keys={keys}
          advance={advance}
          submit={submit}
          first={first}
          backToPhase={backToPhase}
          previous={previous}
          next={next}
        />
        {aside?.({
          id: instance.instance_id,
          text: instance.text,
          labels: a.answers.labels,
          choose: chooseOnly,
          holdNext,
        })}
      </div>
      {footer}
      {help && (
        <KeymapOverlay
          labelKeys={keys.labelKeys}
          spanKeys={keys.spanKeys}
          fieldKeys={keys.fieldKeys}
          typeKeys={keys.typeKeys}
          tooltips={labelTooltips(schemes)}
          onClose={() => setHelp(false)}
        />
      )}
    </div>
  );
}
