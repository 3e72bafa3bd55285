/**
 * The annotate screen: text with highlights, every scheme of the task, spans, AI hint, QC feedback and
 * progress. Keyboard first: the keys are bound in use-annotate-keys.ts.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { CurrentInstance, Phase } from '../../shared/api/types.js';
import { ErrorNote, Loading } from '../../shared/components/status.js';
import { KeymapOverlay, labelTooltips } from '../../shared/keymap/keymap-overlay.js';
import { assignFieldKeys, assignLabelKeys, assignSpanKeys } from '../../shared/keymap/keymap.js';
import { addSpan, removeSpan } from './answers.js';
import { fillFromAi, fillFromPrediction, type Filled } from './fill.js';
import { AnnotatedText } from './annotated-text.js';
import type { Arc } from './link-arcs.js';
import { ItemDisplay } from './item-display.js';
import { hasInstructions, InstructionsPanel, INSTRUCTIONS_ID } from './instructions.js';
import { api, errorText } from '../../shared/api/client.js';
import { useResource } from '../../shared/api/use-resource.js';
import type { Instructions } from '../../shared/api/types.js';
import { AiHint } from './ai-hint.js';
import { PredictionHint } from './prediction-hint.js';
import { QcFeedback } from './qc-feedback.js';
import { SchemeField } from './scheme-field.js';
import { ItemNote } from './item-note.js';
import { words, type Mark, type WordSelection } from './segments.js';
import { keyedLabels, schemeUi } from './schemes/registry.js';
import { SpanPanel, spanLabels, type SpanLabel } from './span-panel.js';
import { useAnnotation } from './use-annotation.js';
import { useAnnotateKeys } from './use-annotate-keys.js';
import { AnnotateTop, SEARCH_ID } from './annotate-top.js';
import { AnnotateActions } from './annotate-actions.js';
import { hiddenSchemes } from './conditional.js';
import { SaveState } from './save-state.js';
import { useTypeAhead } from './use-type-ahead.js';

/** What a screen reader is told when an instance is shown. */
function announcement(i: CurrentInstance): string {
  const of = i.progress ? Math.max(i.progress.positions, i.current_index + 1) : i.total_instances;
  return `Instance ${i.current_index + 1} of ${of}${i.annotated ? ', annotated' : ''}: ${i.text.slice(0, 120)}`;
}

interface Props {
  /** the caller's phase, refreshed after every move; its `remaining` gives the annotated count on servers
   * whose current-instance record has no `annotated_count` */
  phase: Phase | null;
  onPhaseChange: () => void;
  footer?: React.ReactNode;
}

export function AnnotateScreen({ phase, onPhaseChange, footer }: Props) {
  // the phase is asked again only where a move can change it: a study that goes on after this list, or the
  // list's end (the study's completion code); otherwise a step stays one request
  const phaseNow = useRef(phase);
  phaseNow.current = phase;
  const a = useAnnotation(
    useCallback(
      (current: CurrentInstance) => {
        const p = phaseNow.current;
        const more = p?.type === 'annotation' && !!p.next_phase && p.next_phase !== 'done';
        if (more || (current.annotated_count ?? 0) >= current.total_instances) onPhaseChange();
      },
      [onPhaseChange],
    ),
  );
  const [help, setHelp] = useState(false);
  const [pending, setPending] = useState<{ start: number; end: number } | null>(null);
  const [wordSel, setWordSel] = useState<WordSelection | null>(null);
  // Enter (or a move) with a selection still unlabelled: the picker asks for its label instead of dropping it
  const [askLabel, setAskLabel] = useState(false);
  const [aiApplied, setAiApplied] = useState<Filled | null>(null);
  const [predictionApplied, setPredictionApplied] = useState<Filled | null>(null);
  const instructions = useResource(['instructions'], () => api.get<Instructions>('/api/instructions'));
  // the config's instructions start open; guidelines from a passed instructions page start folded
  const [instructionsChoice, setInstructionsOpen] = useState<boolean | null>(null);
  const instructionsOpen = instructionsChoice ?? !!instructions.data?.html;
  const toggleInstructions = useCallback(() => {
    setInstructionsOpen(!instructionsOpen);
    if (!instructionsOpen)
      requestAnimationFrame(() => document.getElementById(INSTRUCTIONS_ID)?.scrollIntoView({ block: 'nearest' }));
  }, [instructionsOpen]);

  const schemes = useMemo(() => Object.values(a.schemas ?? {}), [a.schemas]);
  // conditional schemes come and go as answers change; keys stay assigned over all schemes so none moves
  const hidden = useMemo(() => hiddenSchemes(schemes, a.answers), [schemes, a.answers]);
  const labelKeys = useMemo(() => assignLabelKeys(schemes, keyedLabels), [schemes]);
  // a key that submits once its answer is in (triage's auto_advance): the submit waits for the render that has it
  const [advancing, setAdvancing] = useState(false);
  const advance = useCallback(() => setAdvancing(true), []);
  const fieldKeys = useMemo(
    () =>
      assignFieldKeys(
        schemes.filter((s) => schemeUi(s.annotation_type)?.kind === 'value').map((s) => s.name),
        labelKeys,
      ),
    [schemes, labelKeys],
  );
  const keySet = useMemo(() => new Set([...labelKeys, ...fieldKeys].map((k) => k.key)), [labelKeys, fieldKeys]);
  const keyOf = useCallback(
    (schema: string, label: string) => labelKeys.find((k) => k.schema === schema && k.label === label)?.key,
    [labelKeys],
  );
  const allSpanChoices = useMemo(() => spanLabels(schemes, a.colors), [schemes, a.colors]);
  const spanKeys = useMemo(() => assignSpanKeys(allSpanChoices), [allSpanChoices]);
  const spanChoices = useMemo(
    () => (hidden.size ? allSpanChoices.filter((l) => !hidden.has(l.schema)) : allSpanChoices),
    [allSpanChoices, hidden],
  );
  const typeKeys = useMemo(
    () => [
      ...[...new Set(schemes.map((s) => s.annotation_type))].flatMap((type) => schemeUi(type)?.keys ?? []),
      ...schemes.flatMap((s) => schemeUi(s.annotation_type)?.fieldKeys?.(s) ?? []),
    ],
    [schemes],
  );
  const text = a.loaded?.instance.text ?? '';
  const textWords = useMemo(() => words(text), [text]);
  const instanceId = a.loaded?.instance.instance_id;

  const holdKey = useTypeAhead(a.busy, !!a.error);

  // a new instance starts with no selection and a screen reader told about it, set in the render that shows it:
  // an effect would render the screen a second time before the new item is painted
  const [shown, setShown] = useState<{ id?: string; announced: string }>({ announced: '' });
  if (shown.id !== instanceId) {
    const i = a.loaded?.instance;
    setShown({ id: instanceId, announced: shown.id === undefined || !i ? '' : announcement(i) });
    setPending(null);
    setWordSel(null);
    setAskLabel(false);
    setAiApplied(null);
    setPredictionApplied(null);
  }
  // and its first question in view. Scrolling makes the browser lay the page out at once, before the frame's own
  // layout, so it is done only when the annotator has scrolled away from the top (read as they scroll, when the
  // layout is fresh anyway)
  const awayFromTop = useRef(false);
  useEffect(() => {
    const onScroll = () => {
      const form = document.querySelector<HTMLElement>('form.schemes');
      awayFromTop.current = window.scrollY > 0 || (form?.scrollTop ?? 0) > 0;
    };
    document.addEventListener('scroll', onScroll, { capture: true, passive: true });
    return () => document.removeEventListener('scroll', onScroll, { capture: true });
  }, []);
  useEffect(() => {
    if (!instanceId || !awayFromTop.current) return;
    const form = document.querySelector<HTMLElement>('form.schemes');
    form?.scrollTo({ top: 0 });
    form?.querySelector('fieldset')?.scrollIntoView({ block: 'nearest' });
  }, [instanceId]);

  const selectWords = useCallback(
    (sel: WordSelection | null) => {
      setWordSel(sel);
      setAskLabel(false);
      setPending(sel && textWords.length ? { start: textWords[sel.from].start, end: textWords[sel.to].end } : null);
    },
    [textWords],
  );

  const labelPending = useCallback(
    (l: SpanLabel) => {
      if (!pending) return;
      const scheme = a.schemas?.[l.schema];
      const take = scheme && schemeUi(scheme.annotation_type)?.takeSpan;
      // a type answered by a selection (an answer span, an error) takes it; span schemes make a span
      if (take) a.setAnswers((ans) => take(ans, scheme, l.label, pending, text));
      else
        a.setAnswers((ans) =>
          addSpan(ans, {
            schema: l.schema,
            name: l.label,
            start: pending.start,
            end: pending.end,
            value: text.slice(pending.start, pending.end),
          }),
        );
      setPending(null);
      setWordSel(null);
      setAskLabel(false);
      window.getSelection()?.removeAllRanges();
    },
    [pending, text, a],
  );

  /** Submits, unless a selection waits for its label: then the picker asks for it. */
  const submit = useCallback(() => {
    if (pending) setAskLabel(true);
    else void a.submit();
  }, [pending, a]);

  const first = a.loaded?.instance.current_index === 0;
  // Potato's Back across phases: from the first instance to the phase before, where the project allows it
  const backToPhase = first && phase?.type === 'annotation' && phase.can_go_back;
  const previous = useCallback(() => {
    if (!backToPhase || !phase) return void a.go('prev_instance');
    if (a.dirty || a.saving.pending > 0) {
      a.setNotice('Submit this instance (or clear its answers) before going back to the previous phase.');
      return;
    }
    api.post('/api/phase/back', { phase: phase.phase }).then(onPhaseChange, (e: unknown) => a.setError(errorText(e)));
  }, [a, backToPhase, phase, onPhaseChange]);

  const acceptAi = useCallback(() => {
    const ai = a.loaded?.ai;
    if (!ai || !a.schemas || (aiApplied && !aiApplied.kept.length)) return;
    const { answers, filled } = fillFromAi(a.answers, a.schemas, ai, aiApplied);
    a.setAnswers(() => answers);
    setAiApplied(filled);
  }, [a, aiApplied]);

  const acceptPrediction = useCallback(() => {
    const first = a.loaded?.predictions[0];
    if (!first || !a.schemas || (predictionApplied && !predictionApplied.kept.length)) return;
    const { answers, filled } = fillFromPrediction(a.answers, a.schemas, first, predictionApplied);
    a.setAnswers(() => answers);
    setPredictionApplied(filled);
  }, [a, predictionApplied]);

  useAnnotateKeys({
    a,
    help,
    setHelp,
    pending,
    wordSel,
    textWords,
    spanChoices,
    spanKeys,
    labelKeys,
    fieldKeys,
    keySet,
    hidden,
    setAskLabel,
    submit,
    previous,
    selectWords,
    labelPending,
    acceptAi,
    acceptPrediction,
    advance,
    holdKey,
    toggleInstructions,
    searchId: SEARCH_ID,
  });

  useEffect(() => {
    if (!advancing) return;
    setAdvancing(false);
    submit();
  }, [advancing, submit]);

  const marks = useMemo<Mark[]>(() => {
    const out: Mark[] = (a.loaded?.keywords ?? []).map((k) => ({
      start: k.start,
      end: k.end,
      color: k.color,
      label: k.label,
      kind: 'keyword',
    }));
    for (const s of a.answers.spans)
      out.push({
        start: s.start,
        end: s.end,
        color: a.colors[s.schema]?.[s.name] ?? '#888888',
        label: s.name,
        kind: 'span',
      });
    for (const scheme of schemes)
      for (const m of schemeUi(scheme.annotation_type)?.marks?.(scheme, a.answers) ?? [])
        out.push({ ...m, kind: 'span' });
    if (pending) out.push({ ...pending, color: '#1a73e8', kind: 'selection' });
    return out;
  }, [a.loaded, a.answers, a.colors, pending, schemes]);

  const arcs = useMemo<Arc[]>(
    () =>
      schemes.flatMap(
        (scheme) => schemeUi(scheme.annotation_type)?.arcs?.(scheme, a.answers, a.colors[scheme.name] ?? {}) ?? [],
      ),
    [schemes, a.answers, a.colors],
  );

  if (!a.schemas || !a.loaded) {
    return a.error ? <ErrorNote onRetry={() => void a.reload()}>{a.error}</ErrorNote> : <Loading what="the instance" />;
  }
  const { instance } = a.loaded;
  const annotatedCount =
    instance.annotated_count ??
    (phase?.type === 'annotation' && phase.remaining !== undefined
      ? Math.max(0, instance.total_instances - phase.remaining)
      : undefined);
  return (
    <div className="annotate">
      <AnnotateTop
        instance={instance}
        annotatedCount={annotatedCount}
        guidelines={hasInstructions(instructions.data)}
        guidelinesOpen={instructionsOpen}
        toggleGuidelines={toggleInstructions}
        showKeys={() => setHelp(true)}
        open={(id) => void a.go({ go_to: id })}
      />
      <InstructionsPanel instructions={instructions.data} open={instructionsOpen} onToggle={setInstructionsOpen} />
      <ErrorNote>{a.error}</ErrorNote>
      {a.notice && (
        <p className="notice" role="status">
          {a.notice}
        </p>
      )}
      {(instance.progress
        ? instance.progress.left === 0
        : annotatedCount !== undefined && annotatedCount >= instance.total_instances) && (
        <p className="notice done" role="status">
          Every instance in your list is annotated. Thank you! You can still review and change your answers.
        </p>
      )}
      <p className="visually-hidden" aria-live="polite" data-testid="instance-announcement">
        {shown.announced}
      </p>
      <QcFeedback qc={a.qc} />
      <div className="annotate-body">
        <section className="text-column" aria-label="Instance text">
          <ItemDisplay
            display={instance.display}
            surface={
              <AnnotatedText
                text={instance.text}
                marks={marks}
                arcs={arcs}
                onSelect={(start, end) => {
                  setWordSel(null);
                  setAskLabel(false);
                  setPending({ start, end });
                }}
              />
            }
          />
          <SpanPanel
            labels={spanChoices}
            keys={spanKeys}
            askLabel={askLabel}
            pending={pending}
            text={instance.text}
            spans={a.answers.spans}
            colors={a.colors}
            onLabel={labelPending}
            onCancel={() => selectWords(null)}
            onRemove={(i) => a.setAnswers((ans) => removeSpan(ans, i))}
          />
          <PredictionHint predictions={a.loaded.predictions} applied={predictionApplied} onAccept={acceptPrediction} />
          <AiHint
            ai={a.loaded.ai}
            note={a.loaded.aiNote}
            applied={aiApplied}
            onAccept={acceptAi}
            saved={a.loaded.saved}
            prediction={a.loaded.predictions[0]}
          />
        </section>
        <form
          className="schemes"
          aria-label="Annotation"
          aria-busy={a.busy}
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {schemes
            .filter((s) => schemeUi(s.annotation_type)?.kind !== 'span' && !hidden.has(s.name))
            .map((s) => (
              <SchemeField
                key={s.name}
                scheme={s}
                colors={a.colors[s.name] ?? {}}
                answers={a.answers}
                keyOf={keyOf}
                update={a.setAnswers}
                fieldKey={fieldKeys.find((k) => k.schema === s.name)?.key}
                instance={instance}
                advance={advance}
              />
            ))}
          <AnnotateActions a={a} instance={instance} first={first} backToPhase={!!backToPhase} previous={previous} />
          <SaveState saving={a.saving} dirty={a.dirty} waiting={a.busy} onRetry={a.retrySave} />
          <ItemNote instanceId={instance.instance_id} known={a.loaded.note} />
        </form>
      </div>
      {footer}
      {help && (
        <KeymapOverlay
          labelKeys={labelKeys}
          spanKeys={spanKeys}
          fieldKeys={fieldKeys}
          typeKeys={typeKeys}
          tooltips={labelTooltips(schemes)}
          onClose={() => setHelp(false)}
        />
      )}
    </div>
  );
}
