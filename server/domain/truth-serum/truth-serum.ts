/**
 * Potato's truth serum: annotators' popularity predictions for the label they chose on one scheme, kept one per
 * annotator and item (a revision replaces it), and the read-outs derived from them on each read: per-item
 * surprisingly-popular verdicts beside the majority, and each annotator's calibration. Nothing derived is stored.
 */
import { invalid, unavailable } from '../errors.js';
import type { Clock, Store } from '../ports.js';
import type { Task } from '../task.js';
import type { AnnotationService } from '../annotation/annotation-service.js';
import {
  calibration,
  itemVerdict,
  type AnnotatorCalibration,
  type ItemVerdict,
  type Prediction,
} from './surprisingly-popular.js';

export interface TruthSerumSettings {
  enabled: boolean;
  /** the scheme whose labels get predictions ('' when off) */
  schema: string;
  question: string;
  /** predictions an item needs before it gets a verdict (at least 2) */
  minAnnotators: number;
}

export const TRUTH_SERUM_QUESTION = 'What percentage of other annotators will choose the same label as you?';

export interface PredictionRecord extends Prediction {
  schema: string;
  at: string;
}

declare module '../ports.js' {
  interface Tables {
    /** `<annotator>\u0001<instance id>` → their latest prediction on the item */
    truth_serum_predictions: PredictionRecord;
  }
}

export interface TruthSerumStats {
  schema: string;
  min_annotators: number;
  n_predictions: number;
  n_items: number;
  n_verdicts: number;
  n_disagreements: number;
  /** items with predictions, those where the verdict differs from the majority first, then in task order */
  items: (ItemVerdict & { text: string })[];
  annotators: Record<string, AnnotatorCalibration>;
}

const OFF =
  'truth serum is not enabled in this project: the project owner turns it on with truth_serum: {enabled: true}';

export class TruthSerum {
  constructor(
    private readonly store: Store,
    private readonly task: Task,
    private readonly annotations: AnnotationService,
    private readonly clock: Clock,
    readonly settings: TruthSerumSettings,
  ) {}

  /** Records the caller's label and predicted share on an instance in their list, replacing an earlier one. */
  async predict(username: string, instanceId: string, label: string, pct: number): Promise<PredictionRecord> {
    this.on();
    const instance = await this.annotations.instanceFor(username, instanceId);
    const labels = this.labels();
    if (!labels.includes(label))
      throw invalid(`label: "${label}" is not a label of ${this.settings.schema} (${labels.join(', ')})`);
    const record: PredictionRecord = {
      instance_id: instance.id,
      annotator: username,
      schema: this.settings.schema,
      label,
      predicted_pct: pct,
      at: new Date(this.clock.now()).toISOString(),
    };
    await this.store.write([{ table: 'truth_serum_predictions', key: keyOf(username, instance.id), value: record }]);
    return record;
  }

  mine(username: string, instanceId: string): PredictionRecord | null {
    this.on();
    return this.store.get('truth_serum_predictions', keyOf(username, instanceId)) ?? null;
  }

  /** Every prediction, in task order then by annotator. */
  predictions(): PredictionRecord[] {
    this.on();
    const position = (id: string) => this.task.positionById.get(id) ?? Infinity;
    return [...this.store.entries('truth_serum_predictions')]
      .map(([, p]) => p)
      .sort((a, b) => position(a.instance_id) - position(b.instance_id) || a.annotator.localeCompare(b.annotator));
  }

  stats(): TruthSerumStats {
    const all = this.predictions();
    const byItem = new Map<string, PredictionRecord[]>();
    for (const p of all) byItem.set(p.instance_id, [...(byItem.get(p.instance_id) ?? []), p]);
    const labels = this.labels();
    const verdicts = new Map<string, ItemVerdict>();
    for (const [id, preds] of byItem) verdicts.set(id, itemVerdict(id, preds, labels, this.settings.minAnnotators));
    const items = [...verdicts.values()]
      .map((v) => ({ ...v, text: this.task.instanceById.get(v.instance_id)?.text ?? '' }))
      // stable: task order within each group
      .sort((a, b) => Number(b.disagrees) - Number(a.disagrees));
    return {
      schema: this.settings.schema,
      min_annotators: this.settings.minAnnotators,
      n_predictions: all.length,
      n_items: byItem.size,
      n_verdicts: items.filter((i) => i.sp_label !== null).length,
      n_disagreements: items.filter((i) => i.disagrees).length,
      items,
      annotators: Object.fromEntries(calibration(byItem, verdicts)),
    };
  }

  private labels(): string[] {
    return this.task.schemeByName.get(this.settings.schema)?.labels.map((l) => l.name) ?? [];
  }

  private on(): void {
    if (!this.settings.enabled) throw unavailable(OFF);
  }
}

const keyOf = (username: string, instanceId: string) => `${username}\u0001${instanceId}`;
