/** A Store that keeps everything in memory: for tests and as the contract's reference. */
import type { Store, StoreOp } from '../domain/ports.js';
import { TableReader } from './tables.js';

export class MemoryStore extends TableReader implements Store {
  /** `packed`: tables to keep as bytes, as the JournalStore can (the contract suite runs both ways) */
  constructor(packed: Iterable<string> = []) {
    super(new Set(packed));
  }

  async write(ops: StoreOp[]): Promise<void> {
    // values are stored by reference: immutable by contract
    this.apply(ops);
  }

  async close(): Promise<void> {}
}
