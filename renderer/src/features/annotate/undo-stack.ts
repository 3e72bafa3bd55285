/**
 * The steps this page could undo, newest last, and the instance the server would undo when the page has none of
 * its own (after a reload). An undo of a step this page sent shows the instance it left at once, as it was.
 */
import type { Left } from './annotation-core.js';
import type { Step } from './step-queue.js';

/** Steps of this page that can be undone; the server keeps as many. */
const UNDO_KEPT = 20;

export class UndoStack {
  private mine: Step<Left>[] = [];
  private server: string | null = null;

  /** `changed` is told whether there is anything to undo, after every change */
  constructor(private readonly changed: (canUndo: boolean) => void) {}

  push(step: Step<Left>): void {
    this.mine.push(step);
    if (this.mine.length > UNDO_KEPT) this.mine.shift();
    this.report();
  }

  /** What the server says it would undo now; `undefined` leaves it as it was. */
  serverSays(instanceId: string | null | undefined): void {
    if (instanceId !== undefined) this.server = instanceId;
    this.report();
  }

  /** The undo to do now: the step of this page to take back, or only the instance the server would undo. */
  take(): { target: string; mine?: Step<Left> } | null {
    const mine = this.mine.pop();
    const target = mine?.from ?? this.server;
    if (!target) return null;
    this.server = null;
    this.report();
    return { target, mine };
  }

  /** What this page could undo no longer matches the server's steps: from now on the server says. */
  forgetMine(): void {
    this.mine = [];
    this.report();
  }

  private report(): void {
    this.changed(this.mine.length > 0 || this.server !== null);
  }
}
