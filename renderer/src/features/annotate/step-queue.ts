/**
 * The annotate screen's outbox: steps (save the instance being left, move after it) are sent one at a time, in
 * order, while the screen already shows the next instance. A step that cannot reach the server stays queued and
 * is sent again until it gets through; one the server refuses is handed back so the annotator can correct it.
 * Nothing here knows React: the hook subscribes to its state.
 */
import { ApiError, errorText } from '../../shared/api/client.js';

export interface Step<R> {
  /** the instance being left */
  from: string;
  /** its answers in the API's submission shape; absent to move without saving */
  body: Record<string, unknown>;
  /** what the caller needs back when the answer arrives (the answers as the form held them, say) */
  meta: R;
}

export interface QueueState {
  /** steps not yet answered by the server, the one in flight included */
  pending: number;
  /** why the first step has not gone through yet, while it is being retried; null when all is well */
  failure: string | null;
  /** the session ended: nothing is sent until the annotator logs in again */
  paused: boolean;
}

export interface QueueHandlers<R, A> {
  send(step: Step<R>): Promise<A>;
  /** the server stored the step; `last` when no other step waits behind it */
  answered(step: Step<R>, answer: A, last: boolean): void;
  /** the server refused the step (a 4xx other than 401): it is dropped from the queue */
  refused(step: Step<R>, error: ApiError): void;
  changed(state: QueueState): void;
  /** when a pushed step is sent: at once by default; the screen sends after the next item is painted */
  later?(send: () => void): void;
}

const RETRY_MS = [500, 1000, 2000, 4000];

export class StepQueue<R, A> {
  private readonly steps: Step<R>[] = [];
  private running = false;
  /** the step sent and not yet answered */
  private inFlight: Step<R> | null = null;
  private paused = false;
  private failure: string | null = null;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private wake: (() => void) | undefined;
  private readonly idle: (() => void)[] = [];

  constructor(private readonly h: QueueHandlers<R, A>) {}

  get state(): QueueState {
    return { pending: this.steps.length, failure: this.failure, paused: this.paused };
  }

  push(step: Step<R>): void {
    this.steps.push(step);
    this.report();
    if (this.h.later) this.h.later(() => void this.run());
    else void this.run();
  }

  /** After the session is restored: send what waited. */
  resume(): void {
    this.paused = false;
    this.retryNow();
  }

  /** Tries a failing step at once instead of at its next scheduled retry. */
  retryNow(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = undefined;
    const wake = this.wake;
    this.wake = undefined;
    wake?.();
    void this.run();
  }

  /** Resolves once every queued step is answered (at once when none is). */
  drained(): Promise<void> {
    if (!this.steps.length) return Promise.resolve();
    return new Promise((resolve) => this.idle.push(resolve));
  }

  /** Takes out the waiting steps `which` picks (not the one in flight). */
  drop(which: (step: Step<R>) => boolean): void {
    const keep = this.steps.filter((step) => step === this.inFlight || !which(step));
    if (keep.length === this.steps.length) return;
    this.steps.splice(0, this.steps.length, ...keep);
    this.report();
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
    this.steps.length = 0;
  }

  private report(): void {
    this.h.changed(this.state);
  }

  private async run(): Promise<void> {
    if (this.running) return;
    this.running = true;
    let attempt = 0;
    try {
      while (this.steps.length && !this.paused) {
        const step = this.steps[0];
        try {
          this.inFlight = step;
          const answer = await this.h.send(step).finally(() => (this.inFlight = null));
          this.steps.shift();
          attempt = 0;
          this.failure = null;
          this.h.answered(step, answer, this.steps.length === 0);
        } catch (e) {
          if (e instanceof ApiError && e.status === 401) {
            this.paused = true;
            this.failure = 'Your session ended: log in again and your answers are sent.';
          } else if (e instanceof ApiError && e.status >= 400 && e.status < 500) {
            this.steps.shift();
            this.failure = null;
            this.h.refused(step, e);
          } else {
            this.failure = errorText(e);
            this.report();
            await new Promise<void>((resolve) => {
              this.wake = resolve;
              this.timer = setTimeout(resolve, RETRY_MS[Math.min(attempt++, RETRY_MS.length - 1)]);
            });
            this.wake = undefined;
          }
        }
        this.report();
      }
    } finally {
      this.running = false;
    }
    if (!this.steps.length) for (const resolve of this.idle.splice(0)) resolve();
  }
}

/**
 * Runs `fn` once the frame being rendered is painted, so a step's request is not built and sent before the next
 * item shows; the step is queued (and the page guarded against closing) already. It waits for the main thread's
 * first idle moment after that frame, not the task right after it: building and sending the request (`fetch`
 * above all) would hold the thread while the frame is still on its way to the screen. A hidden tab paints no frames:
 * the timeout sends it anyway.
 */
export function afterPaint(fn: () => void): void {
  let done = false;
  const once = () => {
    if (done) return;
    done = true;
    fn();
  };
  // Safari has no requestIdleCallback: there it is the task after the frame
  if (typeof requestIdleCallback === 'function')
    requestAnimationFrame(() => requestIdleCallback(once, { timeout: 50 }));
  else requestAnimationFrame(() => setTimeout(once, 0));
  setTimeout(once, 100);
}
