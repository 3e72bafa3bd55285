/**
 * The renderer's scheme-type registry: one module per `annotation_type`, listed once here. The form, the answer
 * conversions and the keymap ask it instead of switching on type names.
 */
import type { Scheme } from '../../../shared/api/types.js';
import type { KeyedLabel } from '../../../shared/keymap/keymap.js';
import type { SchemeUi } from './scheme-ui.js';
import { radio } from './radio.js';
import { multiselect } from './multiselect.js';
import { likert } from './likert.js';
import { select } from './select.js';
import { text } from './text.js';
import { number } from './number.js';
import { slider } from './slider.js';
import { span } from './span.js';
import { spanLink } from './span-link.js';
import { coreference } from './coreference.js';
import { eventAnnotation } from './event-annotation.js';
import { pairwise } from './pairwise.js';
import { bws } from './bws.js';
import { ranking } from './ranking.js';
import { triage } from './triage.js';
import { textEdit } from './text-edit.js';
import { extractiveQa } from './extractive-qa.js';
import { errorSpan } from './error-span.js';
import { cardSort } from './card-sort.js';
import { conjoint } from './conjoint.js';
import { treeAnnotation } from './tree-annotation.js';
import { multirate } from './multirate.js';
import { hierarchicalMultiselect } from './hierarchical-multiselect.js';
import { softLabel, constantSum } from './distribution.js';
import { vas } from './vas.js';
import { rangeSlider } from './range-slider.js';
import { semanticDifferential } from './semantic-differential.js';
import { confidence } from './confidence.js';
import { pureDisplay } from './pure-display.js';
import { multiDocumentEvent } from './multi-document-event.js';
import { processReward } from './process-reward.js';
import { consensusTracking, contextAttribution } from './consensus-tracking.js';
import { handoffReview } from './handoff-review.js';
import { emergentBehavior } from './emergent-behavior.js';
import { agentScorecard } from './agent-scorecard.js';
import { toolContention } from './tool-contention.js';
import { agentInteractionGraph } from './interaction-graph.js';
import { trajectoryEval } from './trajectory-eval.js';
import { trajectoryEdit } from './trajectory-edit.js';
import { failureAttribution } from './failure-attribution.js';
import { guiTrajectory, multimodalReasoning, toolCallReview } from './step-verdicts.js';
import { codeReview } from './code-review.js';

export type { FieldProps, SchemeUi } from './scheme-ui.js';

const UIS = new Map<string, SchemeUi>(
  [
    radio,
    multiselect,
    likert,
    select,
    text,
    number,
    slider,
    span,
    spanLink,
    coreference,
    eventAnnotation,
    pairwise,
    bws,
    ranking,
    triage,
    textEdit,
    extractiveQa,
    errorSpan,
    cardSort,
    conjoint,
    treeAnnotation,
    multirate,
    hierarchicalMultiselect,
    softLabel,
    constantSum,
    vas,
    rangeSlider,
    semanticDifferential,
    confidence,
    pureDisplay,
    multiDocumentEvent,
    processReward,
    consensusTracking,
    contextAttribution,
    trajectoryEval,
    trajectoryEdit,
    failureAttribution,
    guiTrajectory,
    multimodalReasoning,
    toolCallReview,
    codeReview,
    handoffReview,
    emergentBehavior,
    agentScorecard,
    toolContention,
    agentInteractionGraph,
  ].map((u) => [u.type, u]),
);

/** The type's module; undefined for a type this renderer does not know (the server refuses those at load). */
export const schemeUi = (type: string): SchemeUi | undefined => UIS.get(type);

/** The labels of a scheme picked by keys: a choice type's labels, or the keys a structured type binds. */
export function keyedLabels(scheme: Scheme): readonly KeyedLabel[] | undefined {
  const ui = UIS.get(scheme.annotation_type);
  if (ui?.kind === 'choice') return scheme.labels;
  return ui?.bindings?.(scheme).map((b) => ({ name: b.label, key_value: b.key }));
}

/** Types whose labels are picked by a key. */
export const isChoice = (type: string) => UIS.get(type)?.kind === 'choice';
