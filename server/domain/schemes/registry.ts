/**
 * The scheme-type registry: every `annotation_type` of the shared list (`shared/schemes/scheme-types.ts`) is one
 * module under types/, mapped here. Config loading, answer validation, payloads, exports, imports, agreement and
 * the AI ask the module of a scheme's type instead of switching on type names.
 */
import type { Scheme } from '../task.js';
import { SCHEME_TYPES, type SchemeType } from '../../../shared/schemes/scheme-types.js';
import type { AgreementMeasure, SchemeTypeModule } from './module.js';
import { radio } from './types/radio.js';
import { multiselect } from './types/multiselect.js';
import { likert } from './types/likert.js';
import { select } from './types/select.js';
import { text } from './types/text.js';
import { number } from './types/number.js';
import { slider } from './types/slider.js';
import { span } from './types/span.js';
import { spanLink } from './types/span-link.js';
import { coreference } from './types/coreference.js';
import { eventAnnotation } from './types/event-annotation.js';
import { pairwise } from './types/pairwise.js';
import { bws } from './types/bws.js';
import { ranking } from './types/ranking.js';
import { triage } from './types/triage.js';
import { textEdit } from './types/text-edit.js';
import { extractiveQa } from './types/extractive-qa.js';
import { errorSpan } from './types/error-span.js';
import { cardSort } from './types/card-sort.js';
import { conjoint } from './types/conjoint.js';
import { treeAnnotation } from './types/tree-annotation.js';
import { setNestedLookup } from './nested.js';
import { turnLevelModule } from './turn-level.js';
import { speakerAssignmentModule } from './speaker-assignment.js';
import { multirate } from './types/multirate.js';
import { hierarchicalMultiselect } from './types/hierarchical-multiselect.js';
import { softLabel } from './types/soft-label.js';
import { constantSum } from './types/constant-sum.js';
import { vas } from './types/vas.js';
import { rangeSlider } from './types/range-slider.js';
import { semanticDifferential } from './types/semantic-differential.js';
import { confidence } from './types/confidence.js';
import { pureDisplay } from './types/pure-display.js';
import { multiDocumentEvent } from './types/multi-document-event.js';
import { processReward } from './types/process-reward.js';
import { consensusTracking } from './types/consensus-tracking.js';
import { trajectoryEval } from './types/trajectory-eval.js';
import { trajectoryEdit } from './types/trajectory-edit.js';
import { failureAttribution } from './types/failure-attribution.js';
import { contextAttribution } from './types/context-attribution.js';
import { handoffReview } from './types/handoff-review.js';
import { emergentBehavior } from './types/emergent-behavior.js';
import { agentScorecard } from './types/agent-scorecard.js';
import { toolContention } from './types/tool-contention.js';
import { agentInteractionGraph } from './types/interaction-graph.js';
import { guiTrajectory } from './types/gui-trajectory.js';
import { multimodalReasoning } from './types/multimodal-reasoning.js';
import { toolCallReview } from './types/tool-call-review.js';
import { codeReview } from './types/code-review.js';

export type { SchemeTypeModule, AnswerValue, AgreementMeasure } from './module.js';

/** Each type's module by its name; the shared list types it, so a listed type without a module does not compile. */
const MODULES: Readonly<Record<SchemeType, SchemeTypeModule>> = {
  radio,
  multiselect,
  likert,
  select,
  text,
  number,
  slider,
  span,
  span_link: spanLink,
  coreference,
  event_annotation: eventAnnotation,
  pairwise,
  bws,
  ranking,
  triage,
  text_edit: textEdit,
  extractive_qa: extractiveQa,
  error_span: errorSpan,
  card_sort: cardSort,
  conjoint,
  tree_annotation: treeAnnotation,
  multirate,
  hierarchical_multiselect: hierarchicalMultiselect,
  soft_label: softLabel,
  constant_sum: constantSum,
  vas,
  range_slider: rangeSlider,
  semantic_differential: semanticDifferential,
  confidence,
  pure_display: pureDisplay,
  multi_document_event: multiDocumentEvent,
  process_reward: processReward,
  consensus_tracking: consensusTracking,
  trajectory_eval: trajectoryEval,
  trajectory_edit: trajectoryEdit,
  failure_attribution: failureAttribution,
  gui_trajectory: guiTrajectory,
  multimodal_reasoning: multimodalReasoning,
  tool_call_review: toolCallReview,
  code_review: codeReview,
  context_attribution: contextAttribution,
  handoff_review: handoffReview,
  emergent_behavior: emergentBehavior,
  agent_scorecard: agentScorecard,
  tool_contention: toolContention,
  agent_interaction_graph: agentInteractionGraph,
};

const byType = new Map<string, SchemeTypeModule>();
const byAlias = new Map<string, SchemeTypeModule>();
for (const type of SCHEME_TYPES) {
  const m = MODULES[type];
  if (m.type !== type) throw new Error(`the module listed as "${type}" is the module of "${m.type}"`);
  byType.set(m.type, m);
  byAlias.set(m.type, m);
  for (const alias of m.aliases ?? []) byAlias.set(alias, m);
}

/** The registered type names, in the shared list's order. */
export const SCHEME_TYPE_NAMES: readonly string[] = SCHEME_TYPES;

/** The module of a loaded scheme's type (types are checked at config load, so this always finds one). */
export function schemeTypeOf(type: string): SchemeTypeModule {
  const m = byType.get(type);
  if (!m) throw new Error(`no scheme type module for "${type}"`);
  return m;
}

/**
 * The module a loaded scheme answers through: its type's, or for a question asked per turn (`turn_level`) the
 * turn-level module over its type's, or for an audio dialogue's speaker assignment that module.
 */
export function schemeModuleOf(scheme: Scheme): SchemeTypeModule {
  if (scheme.speaker_assignment) return speakerAssignmentModule;
  const m = schemeTypeOf(scheme.annotation_type);
  return scheme.turn_level ? turnLevelModule(m) : m;
}

/** The agreement measure of a scheme, as its type decides from the scheme's keys. */
export function agreementOf(scheme: Scheme): AgreementMeasure {
  const a = schemeModuleOf(scheme).agreement;
  return typeof a === 'function' ? a(scheme) : a;
}

/** The module a config's `annotation_type` names, aliases included (Potato's `textbox` is `text`). */
export const findSchemeType = (configured: string): SchemeTypeModule | undefined => byAlias.get(configured);
setNestedLookup(findSchemeType);

const MEDIA = 'media region annotation is not supported (Marginalia annotates text)';
const GROUNDING =
  'binding referring expressions to regions of an image is media region annotation, which is not supported (Marginalia annotates text)';
const TIERS =
  'tiers of time-aligned annotation over audio or video are media annotation, which is not supported (Marginalia annotates text)';
const TIMELINE =
  'judging video streams on a timeline (rollouts, robot episodes) is media annotation, which is not supported (Marginalia annotates text)';
const TABLE_IMAGE =
  'marking the cells of a table image is media annotation, which is not supported (Marginalia annotates text)';

/** Potato types that are refused at start-up, with the reason given. */
export const UNSUPPORTED_TYPES: Readonly<Record<string, string>> = {
  image_annotation: MEDIA,
  audio_annotation: MEDIA,
  video_annotation: MEDIA,
  image: MEDIA,
  audio: MEDIA,
  video: MEDIA,
  spatial_annotation: MEDIA,
  region_caption: MEDIA,
  temporal_grounding: MEDIA,
  speech_transcript: MEDIA,
  voice_interaction: MEDIA,
  tiered_annotation: TIERS,
  table_grid: TABLE_IMAGE,
  grounding_eval: GROUNDING,
  rollout_evaluation: TIMELINE,
  episode_annotation: TIMELINE,
};

/** Why a configured type cannot be used, naming it; undefined when it is registered. */
export function unsupportedReason(configured: string): string | undefined {
  if (byAlias.has(configured)) return undefined;
  const why = UNSUPPORTED_TYPES[configured];
  return why
    ? `"${configured}" is not supported: ${why}`
    : `"${configured}" is not a supported scheme type (docs/config.md lists them)`;
}
