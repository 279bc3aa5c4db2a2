import { describe, expect, it } from "vitest";
import type { TestUser } from "../../../test/harness/factories.ts";
import { moderationFixture } from "../../../test/harness/moderators.ts";

/** Issue 19: reports on a post its author then deleted, in the moderators' queue. */

const m = moderationFixture();
const { t } = m;

/** DELETE /api/articles/:id as its author. */
const deletePost = (author: TestUser, id: string) =>
  t.app.inject({
    method: "DELETE",
    url: `/api/articles/${id}`,
    headers: { cookie: author.cookie },
  });

describe("a reported post its author deleted", () => {
  it("stays in the queue as removed by its author, and moderators can dismiss it", async () => {
    const moderator = await m.moderator();
    const { author, postId } = await m.reportedPost({
      reporters: 1,
      reason: "scam",
      note: "A scam",
    });
    const id = String(postId);
    const countBefore = await m.openCount(moderator);
    expect((await deletePost(author, id)).statusCode).toBe(204);

    const entry = (await m.queue(moderator)).find((item) => item.target.id === id);
    expect(entry).toMatchObject({
      target: { type: "post", id },
      author: { username: author.username, suspended_until: null },
      title: null,
      text: "This post was removed by its author.",
      path: `/articles/${id}`,
      hidden: false,
      report_count: 1,
      reasons: [{ reason: "scam", count: 1 }],
      notes: ["A scam"],
    });
    expect(await m.openCount(moderator)).toBe(countBefore);

    // Nobody may report it any more.
    const other = await m.member();
    expect((await m.report(other, { type: "post", id })).statusCode).toBe(404);

    const dismissed = await m.call(moderator, {
      method: "POST",
      url: `/items/post/${id}/dismiss`,
      payload: { reason: "Gone" },
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect((await m.queue(moderator)).some((item) => item.target.id === id)).toBe(false);
    expect(await m.openCount(moderator)).toBe(countBefore - 1);
  });

  it("can still be acted on as hidden (nothing left to hide: the reports are closed)", async () => {
    const moderator = await m.moderator();
    const { author, postId } = await m.reportedPost({ reporters: 1 });
    const id = String(postId);
    expect((await deletePost(author, id)).statusCode).toBe(204);
    const hidden = await m.call(moderator, {
      method: "POST",
      url: `/items/post/${id}/hide`,
      payload: {},
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await m.queue(moderator)).some((item) => item.target.id === id)).toBe(false);
    const read = await t.app.inject({ method: "GET", url: `/api/articles/${id}` });
    expect(read.json().error.code).toBe("post-removed");
  });
});
