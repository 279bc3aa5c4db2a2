import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import {
  createModerator,
  moderationCall,
  moderationTestApp,
  report,
} from "../../../test/harness/moderators.ts";
import { type QueueEntry, queueResponseSchema } from "../../shared/moderation.ts";

/** Issue 19: reports on a post its author then deleted, in the moderators' queue. */

const t = moderationTestApp();

async function queue(moderator: Parameters<typeof moderationCall>[1]): Promise<QueueEntry[]> {
  const res = await moderationCall(t.app, moderator, { url: "/queue" });
  expect(res.statusCode, res.body).toBe(200);
  return queueResponseSchema.parse(res.json()).items;
}

async function openCount(moderator: Parameters<typeof moderationCall>[1]): Promise<number> {
  const res = await moderationCall(t.app, moderator, { url: "/count" });
  return res.json().open;
}

describe("a reported post its author deleted", () => {
  it("stays in the queue as removed by its author, and moderators can dismiss it", async () => {
    const moderator = await createModerator(t.app);
    const author = await createSignedInUser(t.app);
    const reporter = await createSignedInUser(t.app);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/articles",
      headers: { cookie: author.cookie },
      payload: { title: "Cheap watches", topic: "Sales", body: "Call me." },
    });
    const id = String(created.json().article.id);
    expect((await report(t.app, reporter, { type: "post", id }, "scam", "A scam")).statusCode).toBe(
      201,
    );
    const countBefore = await openCount(moderator);
    const deleted = await t.app.inject({
      method: "DELETE",
      url: `/api/articles/${id}`,
      headers: { cookie: author.cookie },
    });
    expect(deleted.statusCode).toBe(204);

    const entry = (await queue(moderator)).find((item) => item.target.id === id);
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
    expect(await openCount(moderator)).toBe(countBefore);

    // Nobody may report it any more.
    const other = await createSignedInUser(t.app);
    expect((await report(t.app, other, { type: "post", id })).statusCode).toBe(404);

    const dismissed = await moderationCall(t.app, moderator, {
      method: "POST",
      url: `/items/post/${id}/dismiss`,
      payload: { reason: "Gone" },
    });
    expect(dismissed.statusCode, dismissed.body).toBe(200);
    expect((await queue(moderator)).some((item) => item.target.id === id)).toBe(false);
    expect(await openCount(moderator)).toBe(countBefore - 1);
  });

  it("can still be acted on as hidden (nothing left to hide: the reports are closed)", async () => {
    const moderator = await createModerator(t.app);
    const author = await createSignedInUser(t.app);
    const reporter = await createSignedInUser(t.app);
    const created = await t.app.inject({
      method: "POST",
      url: "/api/articles",
      headers: { cookie: author.cookie },
      payload: { title: "Spam", topic: "Sales", body: "Spam." },
    });
    const id = String(created.json().article.id);
    await report(t.app, reporter, { type: "post", id });
    await t.app.inject({
      method: "DELETE",
      url: `/api/articles/${id}`,
      headers: { cookie: author.cookie },
    });
    const hidden = await moderationCall(t.app, moderator, {
      method: "POST",
      url: `/items/post/${id}/hide`,
      payload: {},
    });
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect((await queue(moderator)).some((item) => item.target.id === id)).toBe(false);
    const read = await t.app.inject({ method: "GET", url: `/api/articles/${id}` });
    expect(read.json().error.code).toBe("post-removed");
  });
});
