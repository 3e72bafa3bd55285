/** A Store that keeps everything in memory: for throw-away sessions (`--ephemeral`) and as the contract's reference. */
import type { Store, StoreOp } from '../domain/ports.js';
import { applyOps, TableReader } from './tables.js';

export class MemoryStore extends TableReader implements Store {
  async write(ops: StoreOp[]): Promise<void> {
    // structuredClone-free: values are immutable by contract, but JSON round trip keeps us honest about
    // what a durable store can hold (no functions, no undefined in arrays, no Maps).
    applyOps(this.data, ops);
  }

  async close(): Promise<void> {}
}
