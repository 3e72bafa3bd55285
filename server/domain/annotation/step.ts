/**
 * One annotation step in one call: save the instance being left (when answers are sent) and move to the one
 * after it in the caller's list, or the one before. The move is relative to the instance named, not to the stored
 * cursor, so a step sent again after a lost answer lands on the same instance instead of skipping one.
 */
import { forbidden } from '../errors.js';
import type { Assignments } from './assignment.js';
import type { AnnotationService, CurrentInstance, SubmitResult } from './annotation-service.js';
import type { Submission } from './records.js';
import type { UndoHistory } from './undo.js';

export interface StepInput {
  /** the instance being left */
  from: string;
  /** its answers; absent to move without saving */
  submission?: Submission;
  /** where to: the instance after `from` (the default) or the one before it */
  to?: 'next' | 'previous';
  /** the page's visible time on `from` since its last report, carried by the step instead of a request beside it */
  time?: { visible_ms: number; visit: boolean; report_id?: string };
}

/** Where visible time goes (the history feature's item times); a port, so annotation does not know history. */
export interface VisibleTimes {
  /** a report whose `reportId` was added already adds nothing */
  report(username: string, instanceId: string, visibleMs: number, visit: boolean, reportId?: string): Promise<unknown>;
}

export interface StepOutcome {
  result: SubmitResult | null;
  current: CurrentInstance;
  /** the instance after the new current one, for the client to prefetch; null at the end of the list */
  next: string | null;
}

export class AnnotationSteps {
  constructor(
    private readonly annotations: AnnotationService,
    private readonly assignments: Assignments,
    private readonly history: UndoHistory,
    private readonly times?: VisibleTimes,
  ) {}

  /** The caller's current instance and the id of the one after it. */
  async here(username: string): Promise<{ current: CurrentInstance; next: string | null }> {
    const current = await this.annotations.current(username);
    return { current, next: await this.after(username, current.current_index) };
  }

  async step(username: string, input: StepInput): Promise<StepOutcome> {
    const timed = await this.reportTime(username, input);
    try {
      return await this.move(username, input);
    } finally {
      // the time counts even when the answers are refused: the annotator spent it
      await timed?.written;
    }
  }

  /**
   * Starts storing the step's visible time before the submission, whose history hook writes the same row: a
   * write is applied in memory when it starts, so neither overwrites the other. Quality-check items keep no time.
   */
  private async reportTime(username: string, input: StepInput): Promise<{ written: Promise<unknown> } | undefined> {
    if (!input.time || !this.times || !this.annotations.isTaskInstance(input.from)) return undefined;
    await this.annotations.instanceFor(username, input.from);
    const written = this.times.report(
      username,
      input.from,
      input.time.visible_ms,
      input.time.visit,
      input.time.report_id,
    );
    written.catch(() => undefined); // awaited by the step; this only keeps an early failure from going unhandled
    return { written };
  }

  private async move(username: string, input: StepInput): Promise<StepOutcome> {
    // a step that saves can be undone: the record it replaces goes in the same write
    const result = input.submission
      ? await this.annotations.submit(
          username,
          { ...input.submission, instance_id: input.from },
          this.history.recording(username),
        )
      : null;
    await this.annotations.instanceFor(username, input.from);
    const list = await this.annotations.listOf(username);
    const at = this.assignments.positionOf(username, input.from);
    if (at < 0) throw forbidden(`from: instance "${input.from}" is not assigned to you`);
    const to = input.to === 'previous' ? Math.max(at - 1, 0) : Math.min(at + 1, list.length - 1);
    const current = await this.annotations.goTo(username, { go_to: list[to] });
    return { result, current, next: await this.after(username, current.current_index) };
  }

  /** Takes back the caller's latest saving step (which saved `instanceId`) and makes that instance current. */
  async undo(username: string, instanceId: string): Promise<{ current: CurrentInstance; next: string | null }> {
    await this.history.undo(username, instanceId);
    return this.here(username);
  }

  private async after(username: string, index: number): Promise<string | null> {
    const list = await this.annotations.listOf(username);
    return list[index + 1] ?? null;
  }
}
