import { describe, expect, it } from "vitest";
import { timeAgo } from "./time-ago.tsx";

const now = Date.parse("2025-06-15T12:00:00Z");
const ago = (ms: number) => new Date(now - ms).toISOString();
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

describe("timeAgo", () => {
  it("says how long ago, in the largest whole unit", () => {
    expect(timeAgo(ago(10_000), now)).toBe("just now");
    expect(timeAgo(ago(MINUTE), now)).toBe("1 minute ago");
    expect(timeAgo(ago(59 * MINUTE), now)).toBe("59 minutes ago");
    expect(timeAgo(ago(3 * HOUR + 20 * MINUTE), now)).toBe("3 hours ago");
    expect(timeAgo(ago(DAY), now)).toBe("1 day ago");
    expect(timeAgo(ago(15 * DAY), now)).toBe("2 weeks ago");
    expect(timeAgo(ago(100 * DAY), now)).toBe("3 months ago");
    expect(timeAgo(ago(800 * DAY), now)).toBe("2 years ago");
  });

  it("reads a clock slightly ahead as just now, and nothing from a date it cannot read", () => {
    expect(timeAgo(new Date(now + 5_000).toISOString(), now)).toBe("just now");
    expect(timeAgo("not a date", now)).toBeNull();
  });
});
