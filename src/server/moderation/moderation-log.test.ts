import { describe, expect, it } from "vitest";
import { moderationFixture } from "../../../test/harness/moderators.ts";
import { logResponseSchema } from "../../shared/moderation.ts";
import { moderationLog } from "../db/schema.ts";

const m = moderationFixture();
const { t } = m;

describe("GET /api/moderation/log", () => {
  it("answers 50 lines a page, newest first, with who, what, about whom and why", async () => {
    const moderator = await m.moderator();
    const member = await m.member();
    await t.database.db.insert(moderationLog).values(
      Array.from({ length: 54 }, (_, i) => ({
        moderatorId: i % 2 ? moderator.userId : null,
        action: i % 2 ? "hide" : "auto-hide",
        targetType: "post",
        targetId: String(1000 + i),
        subjectUserId: member.userId,
        reason: `Line ${i}`,
      })),
    );
    const first = await m.call(moderator, { url: "/log" });
    expect(first.statusCode).toBe(200);
    const page = logResponseSchema.parse(first.json());
    expect(page.entries).toHaveLength(50);
    expect(page.entries[0]).toEqual({
      id: expect.any(Number),
      moderator: moderator.username,
      action: "hide",
      target: { type: "post", id: "1053" },
      subject: member.username,
      reason: "Line 53",
      created_at: expect.any(String),
    });
    // The threshold's lines name no moderator.
    expect(page.entries[1]).toMatchObject({ moderator: null, action: "auto-hide" });
    const ids = page.entries.map((entry) => entry.id);
    expect([...ids].sort((a, b) => b - a)).toEqual(ids);
    expect(page.next_before).toBe(ids.at(-1));

    const second = logResponseSchema.parse(
      (await m.call(moderator, { url: `/log?before=${page.next_before}` })).json(),
    );
    expect(second.entries.map((entry) => entry.reason)).toEqual([
      "Line 3",
      "Line 2",
      "Line 1",
      "Line 0",
    ]);
    expect(second.next_before).toBeNull();
  });

  it("refuses a bad cursor with 400", async () => {
    const moderator = await m.moderator();
    for (const before of ["abc", "-1", "0"]) {
      const res = await m.call(moderator, { url: `/log?before=${before}` });
      expect(res.statusCode).toBe(400);
    }
  });
});
