/** What adjudication stores: one decision per instance (its gold answer) and the items an adjudicator set aside. */
import type { SpanRecord } from '../annotation/records.js';

export interface AdjudicationSettings {
  enabled: boolean;
  /** usernames who may adjudicate (admin users may too) */
  adjudicators: string[];
  /** an item needs this many annotators before it is adjudicated */
  minAnnotations: number;
  /** only items with as many annotators as each item is handed out to */
  requireFullyAnnotated: boolean;
  /** items whose overall agreement is below this are queued (all multiply-annotated ones with showAllItems) */
  agreementThreshold: number;
  showAllItems: boolean;
  /** false: annotators appear as "Annotator A", "Annotator B", … to the adjudicator */
  showAnnotatorNames: boolean;
  showAgreementScores: boolean;
  /** the page shows each annotator's time on the item */
  showTimingData: boolean;
  /** an answer given in less than this is flagged (0: never) */
  fastDecisionWarningMs: number;
  requireConfidence: boolean;
  /** a decision that takes no annotator's answer for some scheme needs a note */
  requireNotesOnOverride: boolean;
  errorTaxonomy: string[];
}

export const CONFIDENCES = ['high', 'medium', 'low'] as const;
export type Confidence = (typeof CONFIDENCES)[number];

/** An adjudicator's decision: the instance's gold answer, who gave it and why. */
export interface AdjudicationRecord {
  instance_id: string;
  adjudicator: string;
  decided_at: string;
  /** scheme → label → value, as annotations are stored */
  labels: Record<string, Record<string, string>>;
  spans: SpanRecord[];
  /** scheme → where its answer came from: "annotator:<name>", "adjudicator" or "merged" */
  source: Record<string, string>;
  confidence: Confidence;
  notes: string;
  error_taxonomy: string[];
  guideline_update_flag: boolean;
  guideline_update_notes: string;
  time_spent_ms: number;
}

interface AdjudicationSkip {
  adjudicator: string;
  skipped_at: string;
}

declare module '../ports.js' {
  interface Tables {
    /** instance id → its adjudicated (gold) answer */
    adjudications: AdjudicationRecord;
    /** instance id → set aside by an adjudicator; a decision replaces it */
    adjudication_skips: AdjudicationSkip;
  }
}
