/** The one way to change state (decision 017): the write limit, the transaction, its events. */

export { type WriteLimit, type WriteOutcome, write } from "./write.ts";
export { writtenOrAnswer, writtenOrTooManyWrites } from "./write-answer.ts";
export { type RefusableOutcome, writeOrRefuse } from "./write-or-refuse.ts";
export { writeUnlessViolated } from "./write-unless-violated.ts";
