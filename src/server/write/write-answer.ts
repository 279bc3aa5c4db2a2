import type { AppError } from "../http/app-error.ts";
import { tooManyWrites } from "../limits/index.ts";
import type { WriteOutcome } from "./write.ts";
import type { RefusableOutcome } from "./write-or-refuse.ts";

/** For a route: the value written, or the 429 answer (Retry-After and the refusal's text). */
export function writtenOrTooManyWrites<T>(outcome: WriteOutcome<T>): T {
  if (!outcome.ok) throw tooManyWrites(outcome.refusal);
  return outcome.value;
}

/**
 * For a route: the value written, the 429 past the write limit, or `answer`'s HTTP error for the
 * reason the work refused (each feature's one mapper from reasons to answers).
 */
export function writtenOrAnswer<T, Reason extends string>(
  outcome: RefusableOutcome<T, Reason>,
  answer: (reason: Reason) => AppError,
): T {
  if (outcome.ok) return outcome.value;
  if ("refusal" in outcome) throw tooManyWrites(outcome.refusal);
  throw answer(outcome.reason);
}
