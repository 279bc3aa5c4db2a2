import { randomBytes } from "node:crypto";
import { eq, inArray, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  accountsTestApp,
  expectFieldError,
  PASSWORD,
  sessionCookieOf,
  uniqueEmail,
} from "../../../test/harness/accounts.ts";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { findInEveryTable } from "../../../test/harness/table-scan.ts";
import {
  accountTokens,
  messages,
  moderationLog,
  oauthAccounts,
  posts,
  profiles,
  retiredUsernames,
  reviews,
  sessions,
  users,
} from "../db/schema.ts";

const t = accountsTestApp("delete-account");

const deleteAccount = (cookie: string, payload?: unknown) =>
  t.call({
    method: "DELETE",
    url: "/api/me",
    cookie,
    ...(payload === undefined ? {} : { payload }),
  });

describe("DELETE /api/me with a password account", () => {
  it("takes the password, answers 204, clears the cookie and the account is gone", async () => {
    const { email, userId, cookie } = await t.register();
    const res = await deleteAccount(cookie, { password: PASSWORD });
    expect(res.statusCode).toBe(204);
    expect(res.cookies.find((c) => c.name === "ylt_session")?.value).toBe("");
    expect((await t.me(cookie)).user).toBeNull();
    expect(await t.database.db.$count(users, eq(users.id, userId))).toBe(0);
    expect(await t.database.db.$count(accountTokens, eq(accountTokens.userId, userId))).toBe(0);
    expect((await t.signIn(email)).statusCode).toBe(401);
    // The address is free again.
    expect((await t.register(email)).email).toBe(email);
  });

  it("refuses a wrong or missing password with 400 wrong-password, and keeps the account", async () => {
    const { userId, cookie } = await t.register();
    for (const payload of [{ password: "not-It-42" }, {}, undefined]) {
      const res = await deleteAccount(cookie, payload);
      expectFieldError(res, 400, "wrong-password", "password");
    }
    expect(await t.database.db.$count(users, eq(users.id, userId))).toBe(1);
  });

  it("answers 401 when signed out", async () => {
    const res = await t.call({
      method: "DELETE",
      url: "/api/me",
      payload: { password: PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("DELETE /api/me with a Google-only account", () => {
  it("needs a sign-in within the last 10 minutes: 403 reauthentication-required, then 204", async () => {
    const member = await createSignedInUser(t.app);
    await t.database.db.insert(oauthAccounts).values({
      issuer: "https://accounts.google.com",
      subject: member.userId,
      userId: member.userId,
    });
    await t.signedInMinutesAgo(member.userId, 11);
    const late = await deleteAccount(member.cookie);
    expect(late.statusCode).toBe(403);
    expect(late.json().error.code).toBe("reauthentication-required");
    await t.signedInMinutesAgo(member.userId, 1);
    expect((await deleteAccount(member.cookie)).statusCode).toBe(204);
    expect(await t.database.db.$count(oauthAccounts, eq(oauthAccounts.userId, member.userId))).toBe(
      0,
    );
  });
});

describe("what deleting removes", () => {
  it("the profile, posts, reviews written and received, chat messages and sessions", async () => {
    const { member, other, postIds } = await t.memberWithContent();
    const profileId = member.profile?.id ?? "";
    expect((await deleteAccount(member.cookie)).statusCode).toBe(204);
    const db = t.database.db;
    expect(await db.$count(profiles, eq(profiles.userId, member.userId))).toBe(0);
    expect(await db.$count(posts, inArray(posts.id, postIds))).toBe(0);
    expect(
      await db.$count(
        reviews,
        or(eq(reviews.authorId, profileId), eq(reviews.subjectId, profileId)),
      ),
    ).toBe(0);
    expect(await db.$count(messages, eq(messages.userId, member.userId))).toBe(0);
    expect(await db.$count(sessions, eq(sessions.userId, member.userId))).toBe(0);
    // The other member keeps their own account.
    expect((await t.me(other.cookie)).profile.username).toBe(other.username);
  });

  it("the member's posts leave the feed and their pages, cached or not", async () => {
    const { member, postIds } = await t.memberWithContent();
    const feedIds = async () =>
      (await t.call({ url: "/api/articles" })).json().articles.map((p: { id: number }) => p.id);
    // Read first, so the feed's first page and the post pages are in the cache.
    expect(await feedIds()).toEqual(expect.arrayContaining(postIds));
    for (const id of postIds)
      expect((await t.call({ url: `/api/articles/${id}` })).statusCode).toBe(200);

    expect((await deleteAccount(member.cookie)).statusCode).toBe(204);
    const after = await feedIds();
    for (const id of postIds) {
      expect(after).not.toContain(id);
      const page = await t.call({ url: `/api/articles/${id}` });
      expect(page.statusCode).toBe(404);
      // Gone with its author's account: "This post was removed", as an author's own delete says.
      expect(page.json().error.code).toBe("post-removed");
    }
  });

  it("retires the username for 90 days: nobody may take it (409 username-taken)", async () => {
    const member = await createSignedInUser(t.app);
    expect((await deleteAccount(member.cookie)).statusCode).toBe(204);
    const [retired] = await t.database.db
      .select()
      .from(retiredUsernames)
      .where(eq(retiredUsernames.username, member.username));
    const days = ((retired?.until.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(89.9);
    expect(days).toBeLessThanOrEqual(90);

    const newcomer = await createSignedInUser(t.app, { withProfile: false });
    const claim = () =>
      t.call({
        method: "POST",
        url: "/api/users",
        cookie: newcomer.cookie,
        payload: { username: member.username.toUpperCase() },
      });
    const refused = await claim();
    expectFieldError(refused, 409, "username-taken", "username");

    await t.database.db
      .update(retiredUsernames)
      .set({ until: sql`now() - interval '1 second'` })
      .where(eq(retiredUsernames.username, member.username));
    expect((await claim()).statusCode).toBe(201);
  });
});

describe("nothing personal is left in any table (issue 28 item 13)", () => {
  it("no row of any table holds the member's addresses or username, but the retired username", async () => {
    const other = await createSignedInUser(t.app);
    const firstEmail = uniqueEmail("leaver");
    const { cookie } = await t.register(firstEmail);
    const username = `leaver_${randomBytes(4).toString("hex")}`;
    await t.createProfile(cookie, username);
    // A phone number is personal too (issue 32): it goes with the account.
    const phone = `+44 7700 ${randomBytes(3).readUIntBE(0, 3).toString().padStart(8, "0")}`;
    const service = await t.call({
      method: "PUT",
      url: `/api/users/${username}`,
      cookie,
      payload: { service: { reach: ["phone"], phone } },
    });
    expect(service.statusCode, service.body).toBe(200);
    const post = await t.call({
      method: "POST",
      url: "/api/articles",
      cookie,
      payload: { title: "Guitar lessons", topic: "Music", body: `Ask ${username}` },
    });
    expect(post.statusCode, post.body).toBe(201);
    // Each way: a review and a direct message.
    for (const [from, to] of [
      [cookie, other.username],
      [other.cookie, username],
    ] as const) {
      const review = await t.call({
        method: "POST",
        url: "/api/reviews",
        cookie: from,
        payload: { created_about: to, title: "Kind", body: "Very kind.", rating: 5 },
      });
      expect(review.statusCode, review.body).toBe(201);
      const dm = await t.call({
        method: "POST",
        url: `/api/conversations/with/${to}/messages`,
        cookie: from,
        payload: { text: "Hello there", clientId: `dm-${randomBytes(4).toString("hex")}` },
      });
      expect(dm.statusCode, dm.body).toBe(201);
    }
    const me = (await t.me(cookie)).user;
    await t.database.db.insert(messages).values({
      userId: me.id,
      userName: username,
      text: "Hello, neighbours",
      clientId: `c-${me.id}`,
    });
    // A moderator's suspension names the member in the log (moderation/suspensions.ts).
    await t.database.db.insert(moderationLog).values({
      action: "suspend",
      targetType: "member",
      targetId: username,
      subjectUserId: me.id,
      reason: "cooling off",
    });
    // A new address (the old one gets the notice), then a reset link mailed to the new one.
    const secondEmail = uniqueEmail("leaver-new");
    expect(
      (await t.changeEmail(cookie, { email: secondEmail, currentPassword: PASSWORD })).statusCode,
    ).toBe(202);
    const changed = await t.verify(await t.latestToken(secondEmail, "/verify-email"));
    expect(changed.statusCode, changed.body).toBe(200);
    expect((await t.forgot(secondEmail)).statusCode).toBe(202);
    const session = sessionCookieOf(await t.signIn(secondEmail));
    // Strangers' failed guesses, at either address: counted under it in sign_in_failures.
    for (const address of [firstEmail, secondEmail]) {
      expect((await t.signIn(address, "Wrong-guess-1")).statusCode).toBe(401);
    }
    const needles = [firstEmail, secondEmail, username, phone];
    expect((await findInEveryTable(t.database.db, needles)).length).toBeGreaterThan(5);
    expect((await findInEveryTable(t.database.db, [phone])).length).toBeGreaterThan(0);

    expect((await deleteAccount(session, { password: PASSWORD })).statusCode).toBe(204);
    // Kept on purpose: the username stays retired for 90 days so nobody poses as the member.
    expect(await findInEveryTable(t.database.db, needles)).toEqual([
      `"public"."retired_usernames": ${username} (1)`,
    ]);
    // The other member keeps their account, and the log keeps its line without the name.
    expect((await t.me(other.cookie)).profile.username).toBe(other.username);
    expect(await t.database.db.$count(moderationLog, eq(moderationLog.reason, "cooling off"))).toBe(
      1,
    );
  });
});
