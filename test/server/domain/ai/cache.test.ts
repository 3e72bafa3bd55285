/** The suggestion cache over the real journal store: versions, persistence, shared in-flight calls. */
import { describe, expect, it } from 'vitest';
import { JournalStore } from '../../../../server/storage/journal-store.js';
import { SuggestionCache } from '../../../../server/domain/ai/cache.js';
import type { AiProvider, Suggestion } from '../../../../server/domain/ai/provider.js';
import { tempDir } from '../../../helpers/temp-dir.js';
import { quietLogger } from '../../../helpers/server.js';

const provider = { name: 'ollama', model: 'm', promptVersion: '1' } as AiProvider;
const made = (label: string): Suggestion => ({ label, confidence: 0.5, rationale: 'r', words: [] });
const now = () => '2026-11-22T00:00:00.000Z';

describe('SuggestionCache', () => {
  it('keys by instance, scheme, provider, model and prompt version; remakes on another version; survives reopening', async () => {
    const dir = tempDir('ai-cache-');
    let store = await JournalStore.open(dir, { logger: quietLogger });
    let cache = new SuggestionCache(store, quietLogger, now);
    const key = SuggestionCache.key('i1', 'sentiment', provider);
    expect(key).toBe('i1\u0001sentiment\u0001ollama\u0001m\u00011');
    let calls = 0;
    const make = (label: string) => async () => (calls++, made(label));
    expect(await cache.get(key, 'v1', make('a'))).toEqual({ suggestion: made('a'), cached: false });
    expect(await cache.get(key, 'v1', make('b'))).toEqual({ suggestion: made('a'), cached: true });
    expect(calls).toBe(1);
    expect(await cache.get(key, 'v2', make('c'))).toEqual({ suggestion: made('c'), cached: false });
    expect(store.size('ai_cache')).toBe(1); // the stale entry was replaced, not kept beside
    await store.close();
    store = await JournalStore.open(dir, { logger: quietLogger });
    cache = new SuggestionCache(store, quietLogger, now);
    expect(await cache.get(key, 'v2', make('d'))).toEqual({ suggestion: made('c'), cached: true });
    expect(calls).toBe(2);
    await store.close();
  });

  it('shares one provider call between identical requests in flight, and caches nothing when the call fails', async () => {
    const store = await JournalStore.open(tempDir('ai-cache-'), { logger: quietLogger });
    const cache = new SuggestionCache(store, quietLogger, now);
    let calls = 0;
    let release!: () => void;
    const slow = () => new Promise<Suggestion>((resolve) => (calls++, (release = () => resolve(made('x')))));
    const a = cache.get('k', 'v', slow);
    const b = cache.get('k', 'v', slow);
    release();
    expect((await a).suggestion).toEqual(made('x'));
    expect((await b).suggestion).toEqual(made('x'));
    expect(calls).toBe(1);
    await expect(cache.get('k2', 'v', async () => Promise.reject(new Error('down')))).rejects.toThrow('down');
    expect(store.get('ai_cache', 'k2')).toBeUndefined();
    await store.close();
  });
});
