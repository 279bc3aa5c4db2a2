/**
 * A sliding-window limit per key, in memory: at most `limit` hits per `windowMs`. Kept per process,
 * so behind N instances a user could reach N times the limit by spreading connections; the limit is
 * about flooding the room from one socket, which this stops.
 *
 * A hit is counted at `at`, when its request arrived (default: now), not when it is served: sends
 * that queued behind a slow database (issue 28, item 17) are judged by the pace they were sent at.
 */
export function createRateLimiter(limit: number, windowMs: number, now = () => Date.now()) {
  /** Per key, the hits' times in increasing order. */
  const hits = new Map<string, number[]>();

  const recent = (key: string, at: number): number[] => {
    const cutoff = at - windowMs;
    const list = (hits.get(key) ?? []).filter((time) => time > cutoff && time <= at);
    return list;
  };

  return {
    /**
     * 0 when a hit arriving at `at` is allowed, else the milliseconds from now until one would be
     * (at least 1, since this one arrived too early even when the window has moved on meanwhile).
     */
    retryAfterMs(key: string, at = now()): number {
      const list = recent(key, at);
      if (list.length < limit) return 0;
      return Math.max(1, (list[list.length - limit] ?? 0) + windowMs - now());
    },
    hit(key: string, at = now()): void {
      const list = hits.get(key) ?? [];
      let index = list.length;
      while (index > 0 && (list[index - 1] ?? 0) > at) index--;
      list.splice(index, 0, at);
      hits.set(key, list);
    },
    /** Takes back the hit counted at `at` (the action it counted did not happen after all). */
    unhit(key: string, at?: number): void {
      const list = hits.get(key);
      if (!list) return;
      const index = at === undefined ? list.length - 1 : list.lastIndexOf(at);
      if (index >= 0) list.splice(index, 1);
    },
    /** Forgets hits that left the window (call now and then, so idle users cost nothing). */
    prune(): void {
      const cutoff = now() - windowMs;
      for (const [key, list] of hits) {
        const kept = list.filter((time) => time > cutoff);
        if (kept.length === 0) hits.delete(key);
        else hits.set(key, kept);
      }
    },
  };
}

export type RateLimiter = ReturnType<typeof createRateLimiter>;
