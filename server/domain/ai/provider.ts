/**
 * What an AI provider is to the rest of the app: given an instance and one schema, a suggestion. The embedded
 * learner and the LLM providers implement it; the AI service adds caching, access checks and the two response
 * shapes on top.
 */
import type { Instance, Scheme, SchemeType } from '../task.js';
import { schemeTypeOf } from '../schemes/registry.js';

/** Schemes the assistant can suggest for (a choice among labels, or spans): their type module says so. */
export const SUGGESTABLE = { has: (type: SchemeType): boolean => schemeTypeOf(type).suggestable };

export interface SuggestedSpan {
  label: string;
  start: number;
  end: number;
  text: string;
}

export interface Suggestion {
  /** the suggested label; null means "no suggestion yet", and `rationale` says why */
  label: string | null;
  /** multiselect: every label suggested (the first is `label`) */
  labels?: string[];
  /** 0..1, or null when the provider gave none */
  confidence: number | null;
  rationale: string;
  /** words of the text that weighed most for the label */
  words: string[];
  /** span schemas: suggested spans */
  spans?: SuggestedSpan[];
}

export interface AiProvider {
  /** `embedded`, `ollama`, `openai` or `anthropic`, as the responses name it */
  readonly name: string;
  readonly model: string;
  /** changes when prompts change, so cached answers to old prompts are not reused */
  readonly promptVersion: string;
  /**
   * The state of what the provider knows about a schema: a cached suggestion made under another version is
   * stale. Fixed for LLMs; for the embedded learner it changes whenever it learns something new.
   */
  version(scheme: Scheme): string;
  suggest(instance: Instance, scheme: Scheme): Promise<Suggestion>;
}

export const noSuggestion = (reason: string): Suggestion => ({
  label: null,
  confidence: null,
  rationale: reason,
  words: [],
});
