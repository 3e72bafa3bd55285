/** Moving through an annotator's list: what the page is told about where they are, and where a move lands. */
import type { AnnotatorProgress } from './progress.js';

export interface CurrentInstance {
  instance_id: string;
  current_index: number;
  total_instances: number;
  /** instances of the task in the caller's list that they have annotated (quality checks not counted) */
  annotated_count: number;
  text: string;
  data: Record<string, unknown>;
  annotated: boolean;
  /** done and left against the annotator's quota or what they can still get (progress.ts) */
  progress: AnnotatorProgress;
}

export type GoTo = { go_to: string } | { action: 'next_instance' | 'prev_instance' | 'jump_to_unannotated' };

/** The list position a relative move from `here` lands on; `annotated` tells which positions are done. */
export function moveFrom(
  here: number,
  length: number,
  action: 'next_instance' | 'prev_instance' | 'jump_to_unannotated',
  annotated: (position: number) => boolean,
): number {
  if (action === 'next_instance') return Math.min(here + 1, length - 1);
  if (action === 'prev_instance') return Math.max(here - 1, 0);
  // the first unannotated after the current one, wrapping round; stay put when all are done
  for (let step = 1; step <= length; step++) {
    const candidate = (here + step) % length;
    if (!annotated(candidate)) return candidate;
  }
  return here;
}

/** Moving on (forward, or to the next unannotated) needs the required schemes answered; going back never does. */
export function movesOn(here: number, next: number, target: GoTo): boolean {
  return next !== here && (next > here || ('action' in target && target.action === 'jump_to_unannotated'));
}
