import { eq, inArray, or, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountsTestApp, expectFieldError, PASSWORD } from "../../../test/harness/accounts.ts";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import {
  accountTokens,
  messages,
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
