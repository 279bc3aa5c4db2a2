import { retryLater } from "../http/app-error.ts";

/** Seconds a refused upload is told to wait: a queued photo takes well under a second. */
export const BUSY_RETRY_SECONDS = 5;

const busy = () =>
  retryLater(
    503,
    "server-busy",
    "Many photos are being processed right now. Please try again in a few seconds.",
    BUSY_RETRY_SECONDS,
  );

/**
 * At most `running` tasks run at once and at most `waiting` wait their turn, in order; any more is
 * refused at once (503 with Retry-After) rather than queued without end: 16 parallel uploads once
 * held another member's for 4.75 s (issue 28, item 6). Photo processing takes a thread of libuv's
 * pool (4 by default) for as long as it decodes: with two at most, sign-ins (password hashing) and
 * file reads keep the rest.
 */
export function createGate({ running: maxRunning, waiting: maxWaiting }: GateSize) {
  let running = 0;
  const waiting: (() => void)[] = [];
  return async function run<T>(task: () => Promise<T>): Promise<T> {
    if (running >= maxRunning) {
      if (waiting.length >= maxWaiting) throw busy();
      await new Promise<void>((resolve) => waiting.push(resolve));
    }
    running++;
    try {
      return await task();
    } finally {
      running--;
      waiting.shift()?.();
    }
  };
}

export type GateSize = { running: number; waiting: number };
