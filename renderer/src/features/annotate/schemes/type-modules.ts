/**
 * Each scheme type's page module under the type's name (`annotation_type`), which the registry reads as one
 * object typed by the shared list of types.
 */
export { radio } from './radio.js';
export { multiselect } from './multiselect.js';
export { likert } from './likert.js';
export { select } from './select.js';
export { text } from './text.js';
export { number } from './number.js';
export { slider } from './slider.js';
export { span } from './span.js';
export { spanLink as span_link } from './span-link.js';
export { coreference } from './coreference.js';
export { eventAnnotation as event_annotation } from './event-annotation.js';
export { pairwise } from './pairwise.js';
export { bws } from './bws.js';
export { ranking } from './ranking.js';
export { triage } from './triage.js';
export { textEdit as text_edit } from './text-edit.js';
export { extractiveQa as extractive_qa } from './extractive-qa.js';
export { errorSpan as error_span } from './error-span.js';
export { cardSort as card_sort } from './card-sort.js';
export { conjoint } from './conjoint.js';
export { treeAnnotation as tree_annotation } from './tree-annotation.js';
export { multirate } from './multirate.js';
export { hierarchicalMultiselect as hierarchical_multiselect } from './hierarchical-multiselect.js';
export { softLabel as soft_label, constantSum as constant_sum } from './distribution.js';
export { vas } from './vas.js';
export { rangeSlider as range_slider } from './range-slider.js';
export { semanticDifferential as semantic_differential } from './semantic-differential.js';
export { confidence } from './confidence.js';
export { pureDisplay as pure_display } from './pure-display.js';
export { multiDocumentEvent as multi_document_event } from './multi-document-event.js';
export { processReward as process_reward } from './process-reward.js';
export {
  consensusTracking as consensus_tracking,
  contextAttribution as context_attribution,
} from './consensus-tracking.js';
export { handoffReview as handoff_review } from './handoff-review.js';
export { emergentBehavior as emergent_behavior } from './emergent-behavior.js';
export { agentScorecard as agent_scorecard } from './agent-scorecard.js';
export { toolContention as tool_contention } from './tool-contention.js';
export { agentInteractionGraph as agent_interaction_graph } from './interaction-graph.js';
export { trajectoryEval as trajectory_eval } from './trajectory-eval.js';
export { trajectoryEdit as trajectory_edit } from './trajectory-edit.js';
export { failureAttribution as failure_attribution } from './failure-attribution.js';
export {
  guiTrajectory as gui_trajectory,
  multimodalReasoning as multimodal_reasoning,
  toolCallReview as tool_call_review,
} from './step-verdicts.js';
export { codeReview as code_review } from './code-review.js';
