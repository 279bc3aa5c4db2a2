import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { moderationFixture } from "../../../test/harness/moderators.ts";
import { REPORT_RECEIVED_UNMODERATED_TEXT } from "../../shared/moderation.ts";
import { reports } from "../db/schema.ts";

/** Issue 34: a fresh install names no moderator (ADMIN_EMAILS empty) until its operator does. */
const m = moderationFixture({ moderation: { adminEmails: [], autoHideThreshold: 3 } });

describe("POST /api/reports on a site with no moderator", () => {
  it("keeps the report as any other, and says nobody will review it until the operator adds a moderator", async () => {
    const author = await m.member();
    const reporter = await m.member();
    const postId = await m.post(author);
    const answer = await m.report(reporter, { type: "post", id: postId }, "spam");
    expect(answer.statusCode, answer.body).toBe(201);
    expect(answer.json().message).toBe(REPORT_RECEIVED_UNMODERATED_TEXT);
    const [stored] = await m
      .db()
      .select({ status: reports.status })
      .from(reports)
      .where(eq(reports.reporterId, reporter.userId));
    expect(stored?.status).toBe("open");
  });
});
