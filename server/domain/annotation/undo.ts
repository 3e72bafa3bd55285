/**
 * Undo on the annotate screen: each step that saves answers keeps the record it replaced, in the same write, so
 * the annotator can return to the instance they just submitted with its answers as they were before. An undo
 * puts that record back (or removes theirs when they had none) and makes the instance their current one. The
 * last UNDO_DEPTH steps of each annotator are kept, across restarts.
 */
import { conflict } from '../errors.js';
import type { Store, StoreOp } from '../ports.js';
import type { AnnotationService, SubmitHook } from './annotation-service.js';
import type { Assignments } from './assignment.js';
import type { AnnotationRecord } from './records.js';

interface UndoStep {
  username: string;
  instance_id: string;
  /** the record the step replaced; null when the annotator had none */
  before: AnnotationRecord | null;
  /** updated_at of the record the step left, to tell whether it was changed since */
  after_at: string;
  seq: number;
}

declare module '../ports.js' {
  interface Tables {
    /** annotator × sequence number → one undoable step */
    undo_steps: UndoStep;
  }
}

export const UNDO_DEPTH = 20;

const keyOf = (username: string, seq: number) => `${username}\u0001${seq}`;

export class UndoHistory {
  /** username → the sequence numbers of their undoable steps, oldest first */
  private readonly seqs = new Map<string, number[]>();

  constructor(
    private readonly store: Store,
    private readonly annotations: AnnotationService,
    private readonly assignments: Assignments,
  ) {
    for (const [, step] of store.entries('undo_steps')) this.seqsOf(step.username).push(step.seq);
    for (const list of this.seqs.values()) list.sort((a, b) => a - b);
  }

  private seqsOf(username: string): number[] {
    let list = this.seqs.get(username);
    if (!list) this.seqs.set(username, (list = []));
    return list;
  }

  /** Another server process wrote or removed one of an annotator's steps (already in the store). */
  takeExternal(before: UndoStep | undefined, after: UndoStep | undefined): void {
    const step = after ?? before;
    if (!step) return;
    const list = this.seqsOf(step.username);
    const at = list.indexOf(step.seq);
    if (after && at < 0) {
      list.push(step.seq);
      list.sort((a, b) => a - b);
    } else if (!after && at >= 0) list.splice(at, 1);
  }

  /** What a step's submission adds to its write: the record it replaces, as the annotator's latest undoable step. */
  recording(username: string): SubmitHook {
    let was: number[] | undefined;
    return {
      after: ({ instance, before, after }) => {
        const list = this.seqsOf(username);
        was = list.slice();
        const seq = (list.at(-1) ?? 0) + 1;
        const ops: StoreOp[] = [
          {
            table: 'undo_steps',
            key: keyOf(username, seq),
            value: { username, instance_id: instance.id, before: before ?? null, after_at: after.updated_at, seq },
          },
        ];
        list.push(seq);
        while (list.length > UNDO_DEPTH)
          ops.push({ table: 'undo_steps', key: keyOf(username, list.shift()!), delete: true });
        return { ops };
      },
      failed: () => {
        if (was) this.seqs.set(username, was);
      },
    };
  }

  /** The instance the annotator's latest undoable step saved; null when there is none. */
  latest(username: string): string | null {
    const seq = this.seqs.get(username)?.at(-1);
    return seq === undefined ? null : (this.store.get('undo_steps', keyOf(username, seq))?.instance_id ?? null);
  }

  /**
   * Takes back the annotator's latest step, which must have saved `instanceId`: its record as it was before,
   * and the instance their current one. A step whose answers were changed since by other means is dropped
   * instead, answers untouched, so the next undo reaches the one before it.
   */
  async undo(username: string, instanceId: string): Promise<void> {
    const list = this.seqsOf(username);
    const seq = list.at(-1);
    const step = seq === undefined ? undefined : this.store.get('undo_steps', keyOf(username, seq));
    if (seq === undefined || !step) throw conflict('instance_id: you have no step to undo');
    if (step.instance_id !== instanceId)
      throw conflict(
        `instance_id: your latest step saved "${step.instance_id}", not "${instanceId}"; only the latest can be undone`,
      );
    const drop: StoreOp = { table: 'undo_steps', key: keyOf(username, seq), delete: true };
    list.pop();
    try {
      if ((this.annotations.get(username, instanceId)?.updated_at ?? null) !== step.after_at) {
        await this.store.write([drop]);
        throw conflict(
          `instance_id: your answers to "${instanceId}" were changed after that step, so it cannot be undone; they stay as they are`,
        );
      }
      const position = this.assignments.positionOf(username, instanceId);
      const ops: StoreOp[] = position < 0 ? [drop] : [drop, this.assignments.cursorOp(username, position)];
      await this.annotations.restore(username, instanceId, step.before, { after: () => ({ ops }) });
    } catch (e) {
      if (this.store.get('undo_steps', keyOf(username, seq))) list.push(seq); // the step is still stored: still undoable
      throw e;
    }
  }
}
