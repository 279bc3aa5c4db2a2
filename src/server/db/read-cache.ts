/**
 * A read-through cache for a few hot queries: an entry lives `ttlMs`, at most `maxEntries` are kept
 * (the oldest stored goes first), and callers asking for a key while it loads share that one query.
 * A failed load, or one that found nothing (null), is not kept.
 */
export type ReadCache<K, V> = {
  get(key: K, load: () => Promise<V>): Promise<V>;
  /** Forgets one key; a load of it still running is not kept either. */
  delete(key: K): void;
  clear(): void;
};

export function createReadCache<K, V>(options: {
  ttlMs: number;
  maxEntries: number;
  now?: () => number;
}): ReadCache<K, V> {
  const now = options.now ?? Date.now;
  const entries = new Map<K, { value: Promise<V>; expires: number }>();
  return {
    get(key, load) {
      const hit = entries.get(key);
      if (hit && hit.expires > now()) return hit.value;
      const entry = { value: load(), expires: now() + options.ttlMs };
      entries.delete(key);
      entries.set(key, entry);
      if (entries.size > options.maxEntries) entries.delete(entries.keys().next().value as K);
      const forget = () => {
        if (entries.get(key) === entry) entries.delete(key);
      };
      entry.value.then((value) => value === null && forget(), forget);
      return entry.value;
    },
    delete(key) {
      entries.delete(key);
    },
    clear() {
      entries.clear();
    },
  };
}
