/**
 * A sliding-window limit per key, in memory: at most `limit` hits per `windowMs`. Kept per process,
 * so behind N instances a user could reach N times the limit by spreading connections; the limit is
 * about flooding the room from one socket, which this stops.
 */
export function createRateLimiter(limit: number, windowMs: number, now = () => Date.now()) {
  const hits = new Map<string, number[]>();

  const recent = (key: string): number[] => {
    const cutoff = now() - windowMs;
    const list = (hits.get(key) ?? []).filter((at) => at > cutoff);
    if (list.length === 0) hits.delete(key);
    else hits.set(key, list);
    return list;
  };

  return {
    /** 0 when a hit is allowed now, else the milliseconds until it will be. */
    retryAfterMs(key: string): number {
      const list = recent(key);
      if (list.length < limit) return 0;
      return Math.max(1, (list[list.length - limit] ?? 0) + windowMs - now());
    },
    hit(key: string): void {
      const list = recent(key);
      list.push(now());
      hits.set(key, list);
    },
    /** Takes back the latest hit (the action it counted did not happen after all). */
    unhit(key: string): void {
      hits.get(key)?.pop();
    },
    /** Forgets keys with no recent hit (call now and then, so idle users cost nothing). */
    prune(): void {
      for (const key of [...hits.keys()]) recent(key);
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
