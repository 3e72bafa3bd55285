/** What a project's `icl_labeling` section sets, read by the config and acted on by the labeler. */
import type { ExampleRules } from './icl-examples.js';
import type { LabelLimits, SelectionStrategy } from './icl-predictions.js';

export interface IclSettings {
  enabled: boolean;
  /** why ai_support gives no model (a trigger is then a 503 saying so), or null */
  modelMissing: string | null;
  examples: ExampleRules;
  labeling: LabelLimits & {
    /** examples a scheme needs before the model labels anything */
    triggerThreshold: number;
    confidenceThreshold: number;
    pauseOnLowAccuracy: boolean;
    minAccuracy: number;
  };
  verification: { enabled: boolean; sampleRate: number; strategy: SelectionStrategy };
}
