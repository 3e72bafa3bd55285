/**
 * Which probes an (item, label) gets: the tiers in the configured order, each filling the slots the tiers before
 * it left empty, one slot kept for an invariance probe when asked (the quality signal), flips before it.
 * Curated counterfactuals are read from the item's data under `precomputed_key`: `{text, kind, edit_hint}`.
 */
import { ruleProbes, type ProbeDraft, type ProbeKind } from './probe-rules.js';

export const PROBE_SOURCES = ['precomputed', 'llm', 'rules'] as const;
export type ProbeSource = (typeof PROBE_SOURCES)[number];

export interface PlannedProbe extends ProbeDraft {
  source: ProbeSource;
}

export interface PlanSettings {
  probesPerItem: number;
  includeInvariance: boolean;
  /** the tiers acted on, in order ('llm' is not: no model here) */
  sources: readonly ProbeSource[];
  precomputedKey: string;
}

/** The curated probes of an item; entries without text, or of another kind, are left out. */
export function precomputedProbes(data: Record<string, unknown>, key: string): ProbeDraft[] {
  const list = data[key];
  if (!Array.isArray(list)) return [];
  const out: ProbeDraft[] = [];
  for (const entry of list) {
    if (!entry || typeof entry !== 'object') continue;
    const { text, kind, edit_hint } = entry as Record<string, unknown>;
    if (typeof text !== 'string' || !text.trim()) continue;
    const k: ProbeKind = kind === 'invariance' ? 'invariance' : 'flip';
    if (kind !== undefined && kind !== 'flip' && kind !== 'invariance') continue;
    out.push({ text, kind: k, edit_hint: typeof edit_hint === 'string' ? edit_hint : '' });
  }
  return out;
}

export function planProbes(text: string, data: Record<string, unknown>, s: PlanSettings): PlannedProbe[] {
  const candidates: PlannedProbe[] = [];
  for (const source of s.sources) {
    const drafts =
      source === 'precomputed' ? precomputedProbes(data, s.precomputedKey) : source === 'rules' ? ruleProbes(text) : [];
    for (const d of drafts) candidates.push({ ...d, source });
  }
  const seen = new Set<string>([text]);
  const unique = candidates.filter((c) => !seen.has(c.text) && seen.add(c.text));
  const invariance = s.includeInvariance ? unique.find((c) => c.kind === 'invariance') : undefined;
  const flipSlots = s.probesPerItem - (invariance ? 1 : 0);
  const flips = unique.filter((c) => c.kind === 'flip').slice(0, flipSlots);
  // without an invariance probe to hand, its slot goes to another flip; with include_invariance off, none is asked
  return invariance ? [...flips, invariance] : flips;
}
