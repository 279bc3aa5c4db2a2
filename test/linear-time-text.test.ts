import { describe, expect, it } from "vitest";
import { maskProfanity } from "../src/server/chat/profanity-filter.ts";
import { describeFailure } from "../src/server/mail/mail-transport.ts";
import { excerptPieces } from "../src/server/search/highlight.ts";
import { CHAT_TEXT_MAX } from "../src/shared/chat.ts";
import { POST_LIMITS } from "../src/shared/posts.ts";
import { describeRatio, medianTimeRatio } from "./harness/time-ratio.ts";

/**
 * Issue 28, item 4, the audit: every regex of src/server and src/shared that runs on text from
 * outside was read for a search that starts again from each character of a long run (`[…]+$`,
 * `x+@`). Those found are timed here on the longest text allowed, a crafted one against a plain
 * one of the same length. Before the fixes: excerpts ~3,000, mail ~850, the profanity filter 7–20
 * (the rest of the filter costs as much as a plain word); after: 0.1–1.8.
 */

const MAX_RATIO = 4;

/** Each timing repeats its call, so that a fast one still takes long enough to measure. */
const REPEATS = 20;
const repeated = (run: () => unknown) => () => {
  for (let i = 0; i < REPEATS; i++) run();
};

async function expectLinear(crafted: () => unknown, plain: () => unknown) {
  const timing = await medianTimeRatio(repeated(crafted), repeated(plain), 9);
  expect(timing.ratio, describeRatio(timing)).toBeLessThan(MAX_RATIO);
}

describe("text from outside is handled in linear time (issue 28, item 4)", () => {
  it("search excerpts: a body of punctuation runs (the trim of its ends)", async () => {
    const body = (unit: string) =>
      `${`word${unit.repeat(POST_LIMITS.body)}`.slice(0, POST_LIMITS.body - 2)} x`;
    const crafted = body(" .");
    const plain = body(" ab");
    await expectLinear(
      () => excerptPieces("\u0001word\u0002 . . .", crafted),
      () => excerptPieces("\u0001word\u0002 ab ab", plain),
    );
  });

  it("the chat's profanity filter: a word with a long run of digits inside (shit123)", async () => {
    const crafted = `a${"1".repeat(CHAT_TEXT_MAX - 2)}b`;
    const plain = "a".repeat(CHAT_TEXT_MAX);
    await expectLinear(
      () => maskProfanity(crafted),
      () => maskProfanity(plain),
    );
  });

  it("mail failures in the log: a long run without an @ (addresses are left out)", async () => {
    const crafted = new Error("x".repeat(5_000));
    const plain = new Error("x ".repeat(2_500));
    await expectLinear(
      () => describeFailure(crafted),
      () => describeFailure(plain),
    );
  });
});
