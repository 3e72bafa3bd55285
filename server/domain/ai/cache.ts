/**
 * Suggestions kept per (instance, scheme, provider, model, prompt version) in the store, so a repeated view costs
 * nothing and survives restarts. Each entry records the provider's version of the scheme when it was made; the
 * embedded learner's version changes whenever it learns, which invalidates its entries (they are overwritten on
 * the next view, so the table never holds more than one entry per key).
 */
import type { Logger, Store } from '../ports.js';
import type { AiProvider, Suggestion } from './provider.js';

interface CachedSuggestion {
  suggestion: Suggestion;
  /** the provider's version of the scheme this was made under */
  version: string;
  created_at: string;
}

declare module '../ports.js' {
  interface Tables {
    ai_cache: CachedSuggestion;
  }
}

export class SuggestionCache {
  /** identical requests already on their way to the provider share one call */
  private readonly inFlight = new Map<string, Promise<Suggestion>>();

  constructor(
    private readonly store: Store,
    private readonly logger: Logger,
    private readonly now: () => string,
  ) {}

  static key(instanceId: string, scheme: string, provider: AiProvider): string {
    return [instanceId, scheme, provider.name, provider.model, provider.promptVersion].join('\u0001');
  }

  /** The cached suggestion if still valid, else `make()`'s, which is then stored. */
  async get(
    key: string,
    version: string,
    make: () => Promise<Suggestion>,
  ): Promise<{ suggestion: Suggestion; cached: boolean }> {
    const hit = this.store.get('ai_cache', key);
    if (hit && hit.version === version) return { suggestion: hit.suggestion, cached: true };
    const flightKey = `${key}\u0001${version}`;
    let pending = this.inFlight.get(flightKey);
    if (!pending) {
      pending = make().finally(() => this.inFlight.delete(flightKey));
      this.inFlight.set(flightKey, pending);
      const suggestion = await pending;
      // a cache is an optimisation: a failed write costs a repeat call later, never the answer now
      this.store
        .write([{ table: 'ai_cache', key, value: { suggestion, version, created_at: this.now() } }])
        .catch((e) => this.logger.warn(`could not save an AI suggestion to the cache: ${(e as Error).message}`));
      return { suggestion, cached: false };
    }
    return { suggestion: await pending, cached: false };
  }
}
