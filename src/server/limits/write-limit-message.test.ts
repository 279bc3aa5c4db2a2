import { describe, expect, it } from "vitest";
import { waitText, writeLimitMessage } from "./write-limit-message.ts";

describe("what a refused write says", () => {
  it("counts new conversations per day, with the wait in hours", () => {
    expect(
      writeLimitMessage({
        action: "conversation",
        used: 3,
        windowSeconds: 86_400,
        retryAfterSeconds: 5 * 3600 - 30,
        newAccount: true,
      }),
    ).toBe(
      "You have started 3 conversations in the last day. You can start another in 5 hours. New accounts have lower limits on their first day.",
    );
  });

  it("counts direct messages per minute", () => {
    expect(
      writeLimitMessage({
        action: "direct-message",
        used: 30,
        windowSeconds: 60,
        retryAfterSeconds: 12,
        newAccount: false,
      }),
    ).toBe(
      "You have sent 30 direct messages in the last minute. You can send again in 12 seconds.",
    );
  });

  it("waits in seconds, then minutes up to two hours, then hours", () => {
    expect(waitText(0.2)).toBe("1 second");
    expect(waitText(61)).toBe("2 minutes");
    expect(waitText(3600)).toBe("60 minutes");
    expect(waitText(7200)).toBe("120 minutes");
    expect(waitText(7201)).toBe("3 hours");
  });
});
