/** Potato's `mace` section as the service reads it (server/config/sections/mace.ts reads the YAML). */
export interface MaceSettings {
  enabled: boolean;
  /** a run after this many new or changed answers, across all annotators */
  triggerEveryN: number;
  /** an item counts once this many annotators answered the scheme */
  minAnnotationsPerItem: number;
  /** a scheme is estimated once this many items count */
  minItems: number;
  numRestarts: number;
  numIters: number;
  /** the symmetric Beta prior on competence, and the symmetric Dirichlet prior on a spammer's strategy */
  alpha: number;
  beta: number;
}

export const MACE_DEFAULTS: MaceSettings = {
  enabled: false,
  triggerEveryN: 10,
  minAnnotationsPerItem: 3,
  minItems: 5,
  numRestarts: 10,
  numIters: 50,
  alpha: 0.5,
  beta: 0.5,
};
