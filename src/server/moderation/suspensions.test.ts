import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestUser } from "../../../test/harness/factories.ts";
import { MODERATOR_EMAILS, moderationFixture } from "../../../test/harness/moderators.ts";
import type { SuspendInput } from "../../shared/moderation.ts";
import {
  messages,
  moderationLog,
  posts,
  profiles,
  reports,
  sessions,
  users,
} from "../db/schema.ts";

const m = moderationFixture();
const { t, db } = m;

const suspend = (moderator: TestUser, username: string, body: SuspendInput) =>
  m.call(moderator, {
    method: "POST",
    url: `/members/${username}/suspend`,
    payload: body,
  });

const lift = (moderator: TestUser, username: string) =>
  m.call(moderator, { method: "POST", url: `/members/${username}/lift` });

const me = async (user: TestUser) =>
  (await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie: user.cookie } })).json();

async function sessionCount(userId: string): Promise<number> {
  return db().$count(sessions, eq(sessions.userId, userId));
}

/** Whether users.suspended_until holds 'infinity', and how far ahead it is in hours otherwise. */
async function storedSuspension(userId: string) {
  const [row] = await db()
    .select({
      indefinite: sql<boolean>`${users.suspendedUntil} = 'infinity'`,
      hoursAhead: sql<number | null>`case when ${users.suspendedUntil} = 'infinity' then null
        else extract(epoch from ${users.suspendedUntil} - now())::float8 / 3600 end`,
      isNull: sql<boolean>`${users.suspendedUntil} is null`,
    })
    .from(users)
    .where(eq(users.id, userId));
  return row;
}

describe("POST /api/moderation/members/:username/suspend", () => {
  it("suspends for a day: signed out everywhere, chat sockets told, open reports actioned, logged", async () => {
    const moderator = await m.moderator();
    const member = await m.member();
    const bystander = await m.member();
    const postId = await m.post(member);
    const otherPost = await m.post(bystander);
    const reporter = await m.member();
    for (const id of [postId, otherPost]) {
      expect((await m.report(reporter, { type: "post", id })).statusCode).toBe(201);
    }
    expect((await me(member)).user).not.toBeNull();

    const answer = await m.listening(async (announcements) => {
      const res = await suspend(moderator, member.username, { duration: "day", reason: "Scams" });
      expect(res.statusCode, res.body).toBe(200);
      await announcements.heard(`chat-signed-out:${member.userId}`);
      return res;
    });
    const { username, suspended_until } = answer.json();
    expect(username).toBe(member.username);
    const hoursAhead = (Date.parse(suspended_until) - Date.now()) / 3_600_000;
    expect(hoursAhead).toBeGreaterThan(23.9);
    expect(hoursAhead).toBeLessThanOrEqual(24);

    expect(await sessionCount(member.userId)).toBe(0);
    expect((await me(member)).user).toBeNull();
    expect((await storedSuspension(member.userId))?.hoursAhead).toBeGreaterThan(23.9);
    // Nothing hidden unless asked.
    expect(await m.hiddenAt("post", postId)).toBeNull();

    const statuses = await db()
      .select({ targetId: reports.targetId, status: reports.status })
      .from(reports)
      .where(eq(reports.reporterId, reporter.userId));
    expect(Object.fromEntries(statuses.map((row) => [row.targetId, row.status]))).toEqual({
      [String(postId)]: "actioned",
      [String(otherPost)]: "open",
    });

    const log = (await m.call(moderator, { url: "/log" })).json().entries;
    expect(log[0]).toMatchObject({
      moderator: moderator.username,
      action: "suspend",
      target: { type: "member", id: member.username },
      subject: member.username,
      reason: "for a day: Scams",
    });
    // The bystander is still signed in.
    expect((await me(bystander)).user).not.toBeNull();
  });

  it("suspends for a week, or until lifted ('infinity', answered as indefinite)", async () => {
    const moderator = await m.moderator();
    const weekly = await m.member();
    const week = await suspend(moderator, weekly.username, { duration: "week" });
    expect(week.statusCode).toBe(200);
    const hours = (Date.parse(week.json().suspended_until) - Date.now()) / 3_600_000;
    expect(hours).toBeGreaterThan(7 * 24 - 0.1);
    expect(hours).toBeLessThanOrEqual(7 * 24);

    const forever = await m.member();
    const indefinite = await suspend(moderator, forever.username.toUpperCase(), {
      duration: "indefinite",
    });
    expect(indefinite.statusCode).toBe(200);
    expect(indefinite.json()).toEqual({
      username: forever.username,
      suspended_until: "indefinite",
    });
    expect((await storedSuspension(forever.userId))?.indefinite).toBe(true);
    expect((await me(forever)).user).toBeNull();
  });

  it("hides everything the member wrote when asked, telling the feed and the chat", async () => {
    const moderator = await m.moderator();
    const member = await m.member();
    const other = await m.member();
    const postIds = [await m.post(member), await m.post(member, "Second")];
    const reviewId = await m.review(member, other);
    const messageIds = [await m.message(member), await m.message(member)];
    const othersPost = await m.post(other);
    const othersMessage = await m.message(other);

    await m.listening(async (announcements) => {
      const res = await suspend(moderator, member.username, {
        duration: "week",
        hide_content: true,
      });
      expect(res.statusCode).toBe(200);
      for (const id of messageIds) await announcements.heard(`chat-hidden:${id}`);
      for (const id of postIds) await announcements.heard(`post:${id}`);
      expect(announcements.keys).not.toContain(`chat-hidden:${othersMessage}`);
    });

    const hiddenPosts = await db()
      .select({ id: posts.id, hidden: sql<boolean>`${posts.hiddenAt} is not null` })
      .from(posts)
      .where(sql`${posts.id} in (${postIds[0]}, ${postIds[1]}, ${othersPost})`);
    expect(Object.fromEntries(hiddenPosts.map((row) => [row.id, row.hidden]))).toEqual({
      [postIds[0] ?? 0]: true,
      [postIds[1] ?? 0]: true,
      [othersPost]: false,
    });
    expect(await m.hiddenAt("review", reviewId)).toBeInstanceOf(Date);
    const hiddenMessages = await db()
      .select({ id: messages.id })
      .from(messages)
      .where(and(eq(messages.userId, member.userId), sql`${messages.hiddenAt} is not null`));
    expect(hiddenMessages).toHaveLength(2);
    const profileStates = await db()
      .select({ userId: profiles.userId, hidden: sql<boolean>`${profiles.hiddenAt} is not null` })
      .from(profiles)
      .where(sql`${profiles.userId} in (${member.userId}, ${other.userId})`);
    expect(Object.fromEntries(profileStates.map((row) => [row.userId, row.hidden]))).toEqual({
      [member.userId]: true,
      [other.userId]: false,
    });
    const [line] = await db()
      .select({ reason: moderationLog.reason })
      .from(moderationLog)
      .where(
        and(eq(moderationLog.action, "suspend"), eq(moderationLog.subjectUserId, member.userId)),
      );
    expect(line?.reason).toBe("for a week, everything they wrote hidden");
  });

  it("refuses to suspend oneself or another moderator (403), and an unknown member (404)", async () => {
    const moderator = await m.moderator();
    const colleague = await m.moderator();
    for (const username of [moderator.username, colleague.username]) {
      const res = await suspend(moderator, username, { duration: "day" });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("forbidden");
    }
    expect(
      (await suspend(moderator, moderator.username, { duration: "day" })).json().error,
    ).toEqual({ code: "forbidden", message: "You can't suspend yourself." });
    expect((await me(moderator)).user).not.toBeNull();
    expect((await me(colleague)).user).not.toBeNull();
    const unknown = await suspend(moderator, "nobody_by_that_name", { duration: "day" });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().error.code).toBe("not-found");
    const badDuration = await m.call(moderator, {
      method: "POST",
      url: `/members/${colleague.username}/suspend`,
      payload: { duration: "month" },
    });
    expect(badDuration.statusCode).toBe(400);
  });

  it("suspends a member who typed a moderator's address without proving it: they moderate nothing", async () => {
    const moderator = await m.moderator();
    const squatter = await m.member({
      email: MODERATOR_EMAILS.at(-1),
      emailVerified: false,
    });
    const res = await suspend(moderator, squatter.username, { duration: "day" });
    expect(res.statusCode).toBe(200);
  });
});

describe("POST /api/moderation/members/:username/lift", () => {
  it("lifts the suspension and logs it", async () => {
    const moderator = await m.moderator();
    const member = await m.member();
    expect((await suspend(moderator, member.username, { duration: "indefinite" })).statusCode).toBe(
      200,
    );
    const res = await lift(moderator, member.username);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ username: member.username, suspended_until: null });
    expect((await storedSuspension(member.userId))?.isNull).toBe(true);
    const log = (await m.call(moderator, { url: "/log" })).json().entries;
    expect(log[0]).toMatchObject({
      moderator: moderator.username,
      action: "lift-suspension",
      target: { type: "member", id: member.username },
    });
    expect((await lift(moderator, "nobody_by_that_name")).statusCode).toBe(404);
  });
});

describe("who is suspended now (issue 34): GET /api/moderation/suspended and /members/:username", () => {
  const suspended = async (moderator: TestUser) => {
    const res = await m.call(moderator, { url: "/suspended" });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().members as { username: string; suspended_until: string }[];
  };
  const status = async (moderator: TestUser, username: string) =>
    m.call(moderator, { url: `/members/${username}` });

  it("lists a suspension whose report was closed, soonest end first, until lifted last; Lift takes it off", async () => {
    const moderator = await m.moderator();
    const forever = await m.member();
    const forADay = await m.member();
    const bystander = await m.member();
    // The report that led to it is actioned by the suspension: the queue no longer names them.
    const postId = await m.post(forever);
    expect((await m.report(bystander, { type: "post", id: postId })).statusCode).toBe(201);
    expect(
      (await suspend(moderator, forever.username, { duration: "indefinite" })).statusCode,
    ).toBe(200);
    expect((await suspend(moderator, forADay.username, { duration: "day" })).statusCode).toBe(200);
    const queued = (await m.queue(moderator)).map((entry) => entry.author.username);
    expect(queued).not.toContain(forever.username);

    const listed = (await suspended(moderator)).filter((row) =>
      [forever.username, forADay.username, bystander.username].includes(row.username),
    );
    expect(listed.map((row) => row.username)).toEqual([forADay.username, forever.username]);
    expect(Date.parse(listed[0]?.suspended_until ?? "")).toBeGreaterThan(Date.now());
    expect(listed[1]?.suspended_until).toBe("indefinite");

    const one = await status(moderator, forever.username.toUpperCase());
    expect(one.json()).toEqual({ username: forever.username, suspended_until: "indefinite" });
    expect((await status(moderator, bystander.username)).json()).toEqual({
      username: bystander.username,
      suspended_until: null,
    });
    expect((await status(moderator, "nobody_by_that_name")).statusCode).toBe(404);

    expect((await lift(moderator, forever.username)).statusCode).toBe(200);
    expect((await suspended(moderator)).map((row) => row.username)).not.toContain(forever.username);
    expect((await status(moderator, forever.username)).json().suspended_until).toBeNull();
  });

  it("leaves out a suspension that has ended", async () => {
    const moderator = await m.moderator();
    const member = await m.member();
    await db()
      .update(users)
      .set({ suspendedUntil: sql`now() - interval '1 minute'` })
      .where(eq(users.id, member.userId));
    expect((await suspended(moderator)).map((row) => row.username)).not.toContain(member.username);
    expect((await status(moderator, member.username)).json().suspended_until).toBeNull();
  });
});
