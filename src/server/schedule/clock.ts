/**
 * What time it is, for rules that wait (a notification mailed after a delay, pruning, digests):
 * the system's clock in the server, one the test moves in tests, so nothing waits for real time.
 */
export type Clock = { now(): Date };

export const systemClock: Clock = { now: () => new Date() };

/** A clock that stands still until moved: tests of time-based rules. */
export function controllableClock(
  start = new Date(),
): Clock & { advance(ms: number): void; set(to: Date): void } {
  let now = start.getTime();
  return {
    now: () => new Date(now),
    advance(ms) {
      now += ms;
    },
    set(to) {
      now = to.getTime();
    },
  };
}
