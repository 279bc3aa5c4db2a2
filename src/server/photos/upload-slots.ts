import { retryLater } from "../http/app-error.ts";

const RETRY_SECONDS = 5;

const oneAtATime = () =>
  retryLater(
    429,
    "too-many-requests",
    "Your previous photo is still being uploaded. Please try again in a few seconds.",
    RETRY_SECONDS,
  );

/**
 * One upload at a time per account on this instance, from before its body is read until its answer
 * is sent or the client goes: parallel uploads of one account (each up to 5 MB in memory, and a
 * decode each before the write limit counted them) are refused with 429 and Retry-After.
 */
export function createUploadSlots() {
  const busyAccounts = new Set<string>();
  /** Takes `accountId`'s slot, or throws 429; the returned function gives it back (once). */
  return function take(accountId: string): () => void {
    if (busyAccounts.has(accountId)) throw oneAtATime();
    busyAccounts.add(accountId);
    let held = true;
    return () => {
      if (held) busyAccounts.delete(accountId);
      held = false;
    };
  };
}
