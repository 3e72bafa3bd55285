/**
 * The order in which one process talks to the shared change log: one turn at a time, so syncs and commits each
 * see the other's result, and the writes and syncs asked for during a turn go together in the next (group
 * commit: one round trip for all of them). What a turn does is the store's (postgres-store.ts).
 */
import type { StoreOp } from '../../domain/ports.js';
import type { Pending, Undo } from './batches.js';

export interface Turns {
  /** commits `pending`; lets the syncs `waiters` through once the tables are current, emptying the list */
  commit(waiters: (() => void)[]): Promise<void>;
  /** reads the others' changes for the syncs `waiters` alone, then lets them through */
  read(waiters: (() => void)[]): Promise<void>;
  /** runs when the lane has nothing left to do */
  idle(): Promise<void>;
}

/**
 * How long after a commit the next round trip may wait for the next requests of the clients it answered: enough
 * for a client on a busy machine to get its answer and send again, little beside a commit's own flush.
 */
const GATHER_MS = 5;

export class CommitLane {
  /** writes applied in memory and not yet committed, in the order they were made */
  pending: Pending[] = [];
  private syncWaiters: (() => void)[] = [];
  private running: Promise<void> | null = null;
  /**
   * The writes the last commit acknowledged are likely followed by their clients' next requests: the next round
   * trip waits until as many syncs have `arrived` as were `expected`, or the `deadline`, so that one read answers
   * them all and their writes go in one commit. Otherwise the first to come back sets off a read alone, the rest
   * come while it is out, and the clients split into groups that each pay a read and a commit.
   */
  private expected = 0;
  private arrived = 0;
  private deadline = 0;
  private gathered: (() => void) | null = null;
  /**
   * The writes not yet committed or failed, which an empty write waits for. Not the lane's turn: a write made
   * while a turn ends goes with the next one, and a refused write settles before the earlier ones kept.
   */
  private readonly unsettled = new Set<Promise<void>>();

  constructor(private readonly turns: Turns) {}

  /** The turn running now, if any. */
  get busy(): Promise<void> | null {
    return this.running;
  }

  /** Queues a write already applied in memory; resolves once it is committed. */
  write(ops: StoreOp[], undo: Undo[]): Promise<void> {
    const written = new Promise<void>((resolve, reject) => {
      this.pending.push({ ops, undo, resolve, reject });
      this.kick();
    });
    const forget = () => void this.unsettled.delete(settled);
    const settled: Promise<void> = written.then(forget, forget);
    this.unsettled.add(settled);
    return written;
  }

  /** Resolves once every write queued before the call is committed or failed. */
  settled(): Promise<void> {
    return Promise.all(this.unsettled).then(() => undefined);
  }

  /** Resolves after the next turn that reads the log. */
  sync(): Promise<void> {
    return new Promise((resolve) => {
      this.syncWaiters.push(resolve);
      if (++this.arrived >= this.expected) this.gathered?.();
      this.kick();
    });
  }

  /** Lets the syncs still waiting through, once the store is closed. */
  releaseSyncs(): void {
    for (const resolve of this.syncWaiters.splice(0)) resolve();
  }

  private kick(): void {
    if (this.running) return;
    this.running = this.run().finally(() => {
      this.running = null;
      if (this.pending.length || this.syncWaiters.length) this.kick();
    });
  }

  private async run(): Promise<void> {
    // let the writes and requests of this turn of the event loop join the same round trip
    await new Promise((r) => setImmediate(r));
    while (this.pending.length || this.syncWaiters.length) {
      if (this.arrived < this.expected) await this.gather();
      const waiters = this.syncWaiters.splice(0);
      const answered = waiters.length;
      const committed = this.pending.length;
      if (committed) await this.turns.commit(waiters);
      else await this.turns.read(waiters);
      this.expected = committed;
      this.arrived = 0;
      this.deadline = performance.now() + GATHER_MS;
      // the requests let through now write before the next round trip, so their writes go with it
      if (answered) await new Promise((r) => setImmediate(r));
    }
    await this.turns.idle();
  }

  /** Waits until the syncs expected after the last commit have arrived, or its deadline. */
  private gather(): Promise<void> {
    const ms = this.deadline - performance.now();
    if (ms <= 0) return Promise.resolve();
    return new Promise((resolve) => {
      const timer = setTimeout(() => this.gathered?.(), ms);
      this.gathered = () => {
        clearTimeout(timer);
        this.gathered = null;
        resolve();
      };
    });
  }
}
