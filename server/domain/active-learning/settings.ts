/** Potato's `active_learning` keys as acted on here (server/config/sections/active-learning.ts reads them). */
export interface ActiveLearningSettings {
  /** false only when the config says `enabled: false`: items then go out in task order, as Potato does */
  enabled: boolean;
  /** the choice schemes whose learners rank the items (`schema_names`; the first choice scheme by default) */
  schemes: string[];
  /** labelled examples a scheme needs before its learner ranks (`min_instances_for_training`) */
  minInstances: number;
  /** new labels between two rankings, and the items handed out at a time (`update_frequency`) */
  updateFrequency: number;
  /** how many unlabelled items, in task order, are scored (`max_instances_to_reorder`; null: all) */
  maxToReorder: number | null;
  /** the share of hand-out slots given to a random unlabelled item instead (`random_sample_percent`, 0..1) */
  randomShare: number;
}

export const DEFAULT_ACTIVE_LEARNING: Omit<ActiveLearningSettings, 'schemes'> = {
  enabled: true,
  minInstances: 10,
  updateFrequency: 5,
  maxToReorder: null,
  randomShare: 0.2,
};
