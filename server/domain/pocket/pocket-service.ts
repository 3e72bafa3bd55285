/**
 * The card stack's side of the annotation service: whether this task is served on phones and to whom, and the
 * next items an annotator has left, with their progress as the annotate screen counts it. Answers are not
 * written here: the card stack saves through the same submission as the desktop page (POST /updateinstance).
 */
import { notFound } from '../errors.js';
import type { Instance, Scheme } from '../task.js';
import { deviceClass, isTouchDevice } from '../../../shared/device-class.js';
import type { PocketSettings } from './settings.js';
import { touchVerdict, type TouchVerdict } from './touch-capable.js';

/** What the card stack reads of the annotation service, through narrow questions. */
export interface PocketSources {
  schemes: readonly Scheme[];
  taskName(): string;
  /** the annotator's list, planned at their first visit (a first visit by redirect gets items too) */
  listOf(username: string): Promise<readonly string[]>;
  instance(instanceId: string): Instance | undefined;
  isAnnotated(username: string, instanceId: string): boolean;
  progress(username: string): { done: number; expected: number };
}

/** A scheme as the card stack draws it: labels by name (Potato's shape), the bounds its controls need. */
export type PocketScheme = Pick<
  Scheme,
  | 'name'
  | 'annotation_type'
  | 'description'
  | 'displayed_name'
  | 'min'
  | 'max'
  | 'step'
  | 'starting_value'
  | 'min_label'
  | 'max_label'
> & { labels: string[]; required: boolean };

function pocketScheme(s: Scheme): PocketScheme {
  const { name, annotation_type, description, displayed_name, min, max, step, starting_value, min_label, max_label } =
    s;
  return {
    name,
    annotation_type,
    description,
    labels: s.labels.map((l) => l.name),
    displayed_name,
    required: s.required !== undefined,
    min,
    max,
    step,
    starting_value,
    min_label,
    max_label,
  };
}

export interface Routing extends TouchVerdict {
  enabled: boolean;
  auto_redirect: boolean;
  /** the card stack is on and the task is touch-capable */
  available: boolean;
}

export interface Batch {
  items: { instance_id: string; text: string }[];
  /** what the annotator is expected to annotate, and has */
  total: number;
  done: number;
}

export class PocketService {
  private readonly verdict: TouchVerdict;

  constructor(
    readonly settings: PocketSettings,
    private readonly sources: PocketSources,
  ) {
    this.verdict = touchVerdict(sources.schemes);
  }

  routing(): Routing {
    const { enabled, autoRedirect } = this.settings;
    return {
      enabled,
      capable: this.verdict.capable,
      auto_redirect: autoRedirect,
      available: enabled && this.verdict.capable,
      incompatible_schemes: [...this.verdict.incompatible_schemes],
    };
  }

  /** Whether a browser with this User-Agent opening the annotation page is sent to the card stack. */
  redirects(userAgent: string | undefined, optedOut: boolean): boolean {
    return (
      !optedOut &&
      this.settings.enabled &&
      this.settings.autoRedirect &&
      this.verdict.capable &&
      isTouchDevice(deviceClass(userAgent))
    );
  }

  /** 404 while the card stack is off, as Potato answers. */
  requireEnabled(): void {
    if (!this.settings.enabled) throw notFound('the mobile interface is off: set pocket.enabled: true in the config');
  }

  task(): TouchVerdict & { task_name: string; schemas: PocketScheme[] } {
    this.requireEnabled();
    const { capable, incompatible_schemes } = this.verdict;
    return {
      task_name: this.sources.taskName(),
      capable,
      incompatible_schemes: [...incompatible_schemes],
      // scripts assign an audio dialogue's speakers; the card stack, like the page, has no widget for it
      schemas: this.sources.schemes.filter((x) => !x.speaker_assignment).map(pocketScheme),
    };
  }

  /** The first `n` (default batch_size) items of the annotator's list they have not answered, in list order. */
  async batch(username: string, n = this.settings.batchSize): Promise<Batch> {
    this.requireEnabled();
    const list = await this.sources.listOf(username);
    const items: Batch['items'] = [];
    for (const id of list) {
      if (items.length >= n) break;
      if (this.sources.isAnnotated(username, id)) continue;
      const instance = this.sources.instance(id);
      if (instance) items.push({ instance_id: id, text: instance.text });
    }
    const { done, expected } = this.sources.progress(username);
    return { items, total: expected, done };
  }
}
