/** Potato's `pocket` section as the server acts on it: the mobile card stack and the routing of phones to it. */
export interface PocketSettings {
  /** the card stack at /pocket and its API; off, they answer 404 (the routing facts still answer) */
  enabled: boolean;
  /** phones and tablets opening the annotation page are sent to /pocket */
  autoRedirect: boolean;
  /** items the card stack asks for at once (1–200) */
  batchSize: number;
}

export const POCKET_OFF: PocketSettings = { enabled: false, autoRedirect: true, batchSize: 25 };
