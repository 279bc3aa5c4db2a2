import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestUser } from "../../../test/harness/factories.ts";
import { MODERATOR_EMAILS, moderationFixture } from "../../../test/harness/moderators.ts";
import { moderationLog, reports, users } from "../db/schema.ts";

const m = moderationFixture();
const { db } = m;

/** Every moderation endpoint, with a body a moderator's request would carry. */
function everyEndpoint(postId: number, username: string) {
  return [
    { url: "/queue" },
    { url: "/count" },
    { url: "/hidden" },
    { url: "/log" },
    { url: "/log?before=5" },
    { url: "/suspended" },
    { url: `/members/${username}` },
    { method: "POST", url: `/items/post/${postId}/dismiss`, payload: { reason: "" } },
    { method: "POST", url: `/items/post/${postId}/hide`, payload: { reason: "Spam" } },
    { method: "POST", url: `/items/post/${postId}/restore`, payload: {} },
    {
      method: "POST",
      url: `/members/${username}/suspend`,
      payload: { duration: "indefinite", hide_content: true },
    },
    { method: "POST", url: `/members/${username}/lift` },
    // Refused before the request is validated: nobody else learns what the endpoints take.
    { method: "POST", url: `/members/${username}/suspend`, payload: { duration: "forever" } },
    { method: "POST", url: "/items/nothing/1/explode" },
  ] as const;
}

async function expectNothingChanged(postId: number, author: TestUser) {
  expect(await m.hiddenAt("post", postId)).toBeNull();
  const [account] = await db()
    .select({ until: users.suspendedUntil })
    .from(users)
    .where(eq(users.id, author.userId));
  expect(account?.until).toBeNull();
  const statuses = await db()
    .select({ status: reports.status })
    .from(reports)
    .where(eq(reports.targetId, String(postId)));
  expect(statuses.map((row) => row.status)).toEqual(["open"]);
  expect(await db().$count(moderationLog)).toBe(0);
}

describe("the moderation API refuses everyone but moderators", () => {
  it("answers 401 signed out and 403 forbidden to every non-moderator, on every endpoint", async () => {
    const author = await m.member();
    const postId = await m.post(author);
    expect((await m.report(await m.member(), { type: "post", id: postId })).statusCode).toBe(201);
    const endpoints = everyEndpoint(postId, author.username);
    const member = await m.member();
    const withoutProfile = await m.member({ withProfile: false });
    // Listed in ADMIN_EMAILS but never proved: anyone can type an address at sign-up.
    const unproved = await m.member({
      email: MODERATOR_EMAILS.at(-1),
      emailVerified: false,
    });

    for (const endpoint of endpoints) {
      const signedOut = await m.call(undefined, endpoint);
      expect(signedOut.statusCode, `signed out: ${endpoint.url}`).toBe(401);
      expect(signedOut.json().error.code).toBe("not-signed-in");
      for (const [who, user] of [
        ["member", member],
        ["without profile", withoutProfile],
        ["unproved address", unproved],
        ["the author", author],
      ] as const) {
        const res = await m.call(user, endpoint);
        expect(res.statusCode, `${who}: ${endpoint.url}`).toBe(403);
        expect(res.json().error).toEqual({
          code: "forbidden",
          message: "Only moderators can do this.",
        });
      }
    }
    await expectNothingChanged(postId, author);

    // The same requests from a moderator get through. Once dismissed, the post is neither in the
    // queue nor hidden, so hiding and restoring it answer 404 (issue 28, item 5).
    const moderator = await m.moderator();
    const statuses = [];
    for (const endpoint of endpoints) {
      statuses.push((await m.call(moderator, endpoint)).statusCode);
    }
    expect(statuses).toEqual([
      200, 200, 200, 200, 200, 200, 200, 200, 404, 404, 200, 200, 400, 400,
    ]);
  });
});
