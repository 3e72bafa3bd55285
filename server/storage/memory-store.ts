/** A Store that keeps everything in memory: for tests and as the contract's reference. */
import type { Store, StoreOp, TableName, Tables } from '../domain/ports.js';
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

  async insertIfAbsent<K extends TableName>(table: K, key: string, value: Tables[K]): Promise<boolean> {
    if (this.get(table, key) !== undefined) return false;
    this.apply([{ table, key, value } as StoreOp]);
    return true;
  }

  async close(): Promise<void> {}

  async writeTrouble(): Promise<string | undefined> {
    return undefined;
  }
}
