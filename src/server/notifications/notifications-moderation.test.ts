import { describe, expect, it } from "vitest";
import type { TestUser } from "../../../test/harness/factories.ts";
import { moderationFixture } from "../../../test/harness/moderators.ts";
import { notificationsResponseSchema } from "../../shared/notifications.ts";

/**
 * Issue 30: a moderator's decision on a member's content tells its author (when it hid or restored
 * it) and tells each reporter what came of their report, without naming anyone.
 */

const m = moderationFixture();

async function entries(user: TestUser) {
  const res = await m.t.app.inject({
    method: "GET",
    url: "/api/notifications",
    headers: { cookie: user.cookie },
  });
  expect(res.statusCode, res.body).toBe(200);
  return notificationsResponseSchema.parse(res.json()).notifications;
}

async function act(moderator: TestUser, postId: number, action: "hide" | "restore" | "dismiss") {
  const res = await m.call(moderator, {
    method: "POST",
    url: `/items/post/${postId}/${action}`,
    payload: { reason: "Checked" },
  });
  expect(res.statusCode, res.body).toBe(200);
}

describe("a moderator's decision", () => {
  it("hiding a post tells its author and thanks each reporter; nobody is named", async () => {
    const moderator = await m.moderator();
    const author = await m.member();
    const [ana, ben] = [await m.establishedMember(), await m.establishedMember()];
    const postId = await m.post(author, "Cheap watches");
    for (const reporter of [ana, ben]) {
      expect((await m.report(reporter, { type: "post", id: postId })).statusCode).toBe(201);
    }
    await act(moderator, postId, "hide");

    expect(await entries(author)).toMatchObject([
      {
        kind: "moderation",
        actor: null,
        link: `/articles/${postId}`,
        detail:
          "A moderator hid your post “Cheap watches”. Only you and moderators can see it now.",
      },
    ]);
    for (const reporter of [ana, ben]) {
      const [entry] = await entries(reporter);
      expect(entry).toMatchObject({
        kind: "moderation",
        actor: null,
        link: "/feed",
        detail: "Thank you for your report: the post was hidden.",
      });
      expect(JSON.stringify(entry)).not.toContain(ana.username);
      expect(JSON.stringify(entry)).not.toContain(ben.username);
    }
    expect(JSON.stringify(await entries(author))).not.toContain(ana.username);
  });

  it("dismissing the reports tells the reporters, not the author; restoring tells the author", async () => {
    const moderator = await m.moderator();
    const author = await m.member();
    const reporter = await m.establishedMember();
    const postId = await m.post(author);
    expect((await m.report(reporter, { type: "post", id: postId })).statusCode).toBe(201);
    await act(moderator, postId, "dismiss");
    expect(await entries(author)).toEqual([]);
    expect(await entries(reporter)).toMatchObject([
      {
        link: `/articles/${postId}`,
        detail: "A moderator looked at your report and left the post up.",
      },
    ]);

    await m.setHiddenAt("post", postId, new Date());
    await act(moderator, postId, "restore");
    expect(await entries(author)).toMatchObject([
      { detail: expect.stringMatching(/^A moderator restored your post/) },
    ]);
  });
});
