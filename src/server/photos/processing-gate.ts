/**
 * At most `max` tasks run at once; the others wait their turn in order. Photo processing takes a
 * thread of libuv's pool (4 by default) for as long as it decodes: with two at most, sign-ins
 * (password hashing) and file reads keep the rest.
 */
export function createGate(max: number) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= max) await new Promise<void>((resolve) => waiting.push(resolve));
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}
