import { MemoryStore } from '../../../server/storage/memory-store.js';
import { storeContract } from './store-contract.js';

storeContract('MemoryStore', async () => new MemoryStore());
storeContract('MemoryStore with packed tables', async () => new MemoryStore(['contract_a', 'contract_b']));
