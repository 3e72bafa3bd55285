/** How features take part in a submission (quality control, AI acceptance, history) without the core knowing them. */
import type { DomainEvent } from '../events.js';
import type { StoreOp } from '../ports.js';
import type { Instance } from '../task.js';
import type { AnnotationRecord } from './records.js';

/** One saved change of an answer: when (epoch ms), which answer ("scheme:label"), its new value (null: removed). */
export type AnswerChange = [at: number, key: string, value: string | null];

export interface SubmitContext {
  username: string;
  instance: Instance;
  before: AnnotationRecord | undefined;
  after: AnnotationRecord;
  changed: boolean;
  /**
   * an answer taken in from elsewhere (Potato's saved states): when it was given (epoch ms), the time the
   * annotator spent on the item there and, when that tool kept them, the answer's changes, for the hooks that
   * keep times and histories
   */
  taken?: { at: number; ms: number; visits: number; changes?: AnswerChange[] };
}

export interface SubmitHook {
  /** throw a DomainError to refuse the submission */
  before?(username: string, instanceId: string): void;
  after?(
    ctx: SubmitContext,
  ): { ops?: StoreOp[]; events?: DomainEvent[]; qc_result?: Record<string, unknown> } | undefined;
  /** the write `after` took part in failed and the store undid it: re-derive whatever `after` counted */
  failed?(ctx: SubmitContext): void;
  /**
   * another server process stored this answer (already in the store), with what its own `after` wrote beside it:
   * count what `after` would have counted for it, nothing more
   */
  external?(change: ExternalAnswer): void;
}

/** An answer another server process changed: the stored record before and after (undefined: none). */
export interface ExternalAnswer {
  username: string;
  instanceId: string;
  before: AnnotationRecord | undefined;
  after: AnnotationRecord | undefined;
}

export interface SubmitResult {
  status: 'success';
  processing_time_ms: number;
  qc_result?: Record<string, unknown>;
}

/**
 * A hook for features that only count changed answers (to re-run a learner every N of them): it calls `count`
 * once per answer that changed, whether this process stored it or another one did.
 */
export function countingChanges(count: () => void): SubmitHook {
  return {
    after: (ctx) => {
      if (ctx.changed) count();
      return undefined;
    },
    external: (change) => {
      if (change.before !== change.after) count();
    },
  };
}
