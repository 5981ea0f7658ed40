/**
 * The search client's answer cache (spec §4: the cache evicts its oldest entry when full; §9 its
 * size is a site constant, `search.cache_size`): Back, and a filter ticked again, answer at once
 * from the browser instead of searching again. Only answers are kept, never failures.
 */
export class AnswerCache<V> {
  readonly #entries = new Map<string, V>();

  constructor(readonly size: number) {}

  get(key: string): V | undefined {
    return this.#entries.get(key);
  }

  /** Stores an answer; when full, the entry stored first goes (oldest, not least recently read). */
  set(key: string, value: V): void {
    if (this.size < 1) return;
    this.#entries.delete(key);
    while (this.#entries.size >= this.size) {
      const oldest = this.#entries.keys().next().value as string;
      this.#entries.delete(oldest);
    }
    this.#entries.set(key, value);
  }

  keys(): string[] {
    return [...this.#entries.keys()];
  }
}

/** A search function that answers a request it has seen from the cache. */
export function cachedSearch<R, V>(
  search: (requests: R) => Promise<V>,
  size: number,
): (requests: R) => Promise<V> {
  const cache = new AnswerCache<V>(size);
  return async (requests) => {
    const key = JSON.stringify(requests);
    const hit = cache.get(key);
    if (hit !== undefined) return hit;
    const answer = await search(requests);
    cache.set(key, answer);
    return answer;
  };
}
