import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "../config.ts";
import {
  DEFAULT_WRITE_LIMITS,
  liftedWriteLimitEnv,
  liftedWriteLimits,
} from "./write-limit-rules.ts";

describe("write limit settings", () => {
  it("ship the documented defaults", () => {
    const day = 24 * 60 * 60;
    expect(loadConfig({}).writeLimits).toEqual(
      Object.fromEntries(
        Object.entries(DEFAULT_WRITE_LIMITS).map(([action, rule]) => [
          action,
          { ...rule, newAccountSeconds: day },
        ]),
      ),
    );
    expect(DEFAULT_WRITE_LIMITS).toEqual({
      post: { max: 10, newAccountMax: 3, windowSeconds: 3600 },
      review: { max: 10, newAccountMax: 3, windowSeconds: 3600 },
      "profile-edit": { max: 30, newAccountMax: 10, windowSeconds: 3600 },
      chat: { max: 30, newAccountMax: 10, windowSeconds: 60 },
      report: { max: 20, newAccountMax: 5, windowSeconds: 3600 },
      conversation: { max: 20, newAccountMax: 3, windowSeconds: 86_400 },
      "direct-message": { max: 30, newAccountMax: 10, windowSeconds: 60 },
      edit: { max: 60, newAccountMax: 20, windowSeconds: 3600 },
      photo: { max: 10, newAccountMax: 5, windowSeconds: 3600 },
    });
  });

  it("are read from the environment, and a bad value is named in one line", () => {
    const config = loadConfig({
      WRITE_LIMIT_POSTS_PER_HOUR: "60",
      WRITE_LIMIT_NEW_ACCOUNT_CHAT_MESSAGES_PER_MINUTE: "4",
      WRITE_LIMIT_REPORTS_PER_HOUR: "40",
      WRITE_LIMIT_NEW_ACCOUNT_REPORTS_PER_HOUR: "2",
    });
    const day = 24 * 60 * 60;
    expect(config.writeLimits.post).toEqual({
      max: 60,
      newAccountMax: 3,
      windowSeconds: 3600,
      newAccountSeconds: day,
    });
    expect(config.writeLimits.chat.newAccountMax).toBe(4);
    expect(config.writeLimits.report).toMatchObject({
      max: 40,
      newAccountMax: 2,
      windowSeconds: 3600,
    });
    expect(loadConfig(liftedWriteLimitEnv(500)).writeLimits).toEqual(liftedWriteLimits(500));
    const direct = loadConfig({
      WRITE_LIMIT_CONVERSATIONS_PER_DAY: "50",
      WRITE_LIMIT_NEW_ACCOUNT_CONVERSATIONS_PER_DAY: "1",
      WRITE_LIMIT_DIRECT_MESSAGES_PER_MINUTE: "60",
      WRITE_LIMIT_NEW_ACCOUNT_DIRECT_MESSAGES_PER_MINUTE: "5",
    }).writeLimits;
    expect(direct.conversation).toMatchObject({ max: 50, newAccountMax: 1, windowSeconds: 86_400 });
    expect(direct["direct-message"]).toMatchObject({
      max: 60,
      newAccountMax: 5,
      windowSeconds: 60,
    });
    // NEW_ACCOUNT_HOURS (issue 32) is the age every rule's new-account tier lasts; 0: none.
    const hours = (value: string) => loadConfig({ NEW_ACCOUNT_HOURS: value });
    expect(hours("48").writeLimits.post.newAccountSeconds).toBe(2 * day);
    expect(hours("48").newAccountHours).toBe(48);
    expect(Object.values(hours("0").writeLimits).map((r) => r.newAccountSeconds)).toEqual(
      Object.keys(DEFAULT_WRITE_LIMITS).map(() => 0),
    );
    expect(() => hours("-1")).toThrow(
      new ConfigError('Invalid configuration: NEW_ACCOUNT_HOURS="-1" must be 0 or more.'),
    );
    expect(() => loadConfig({ WRITE_LIMIT_REVIEWS_PER_HOUR: "0" })).toThrow(
      new ConfigError(
        'Invalid configuration: WRITE_LIMIT_REVIEWS_PER_HOUR="0" must be at least 1.',
      ),
    );
  });
});
