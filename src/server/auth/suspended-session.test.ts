import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { chatClientsClosedAfterEach } from "../../../test/harness/chat-clients.ts";
import { isErrorOf, isFrame } from "../../../test/harness/chat-test-client.ts";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { type ListeningApp, listeningTestApp } from "../../../test/harness/listening-test-app.ts";
import { createModerator, MODERATOR_EMAILS } from "../../../test/harness/moderators.ts";
import { messages, posts, sessions, users } from "../db/schema.ts";

/**
 * Issue 28 item 19: the viewer query's suspension guard (viewer-query.ts). A suspension deletes the
 * account's sessions, but a sign-in racing it can leave one behind; such a cookie must count as no
 * session at all, on every kind of request, for as long as the suspension lasts. These sessions are
 * made straight in the table, so only the guard stands between them and the app.
 */

let t: ListeningApp;
const chat = chatClientsClosedAfterEach();
beforeAll(async () => {
  t = await listeningTestApp({
    moderation: { adminEmails: MODERATOR_EMAILS, autoHideThreshold: 3 },
  });
});
afterAll(() => t.close());
const db = () => t.database.db;

async function suspendKeepingSessions(user: TestUser, until: string) {
  await db()
    .update(users)
    .set({ suspendedUntil: sql`${until}::timestamptz` })
    .where(eq(users.id, user.userId));
  expect(await db().$count(sessions, eq(sessions.userId, user.userId))).toBe(1);
}

const call = (user: TestUser, method: "GET" | "POST" | "PUT", url: string, payload?: object) =>
  t.app.inject({ method, url, headers: { cookie: user.cookie }, ...(payload ? { payload } : {}) });

/** What a signed-in member does with a session, one request of each kind. */
function memberRequests(user: TestUser, other: TestUser) {
  return [
    ["GET", "/api/me/sessions"],
    ["GET", "/api/me/export"],
    ["GET", "/api/conversations"],
    ["POST", "/api/articles", { title: "Still here", topic: "Suspended", body: "Posted anyway" }],
    ["PUT", `/api/users/${user.username}`, { bio: "changed while suspended" }],
    ["POST", "/api/reviews", { created_about: other.username, title: "t", body: "b", rating: 5 }],
    ["POST", `/api/conversations/with/${other.username}/messages`, { text: "hi", clientId: "s1" }],
    ["POST", "/api/reports", { target: { type: "post", id: "1" }, reason: "spam" }],
    ["PUT", `/api/blocks/${other.username}`],
  ] as const;
}

async function expectSignedOut(user: TestUser, other: TestUser) {
  const me = await call(user, "GET", "/api/me");
  expect(me.statusCode).toBe(200);
  expect(me.json()).toEqual({ user: null, profile: null });
  for (const [method, url, payload] of memberRequests(user, other)) {
    const res = await call(user, method, url, payload);
    expect(res.statusCode, `${method} ${url}: ${res.body}`).toBe(401);
    const anonymous = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
    expect(res.json()).toEqual(anonymous.json());
    expect(res.json().error.code).toBe("not-signed-in");
  }
  // A chat socket opened with the cookie is a visitor's: it reads, and may not send.
  const socket = await chat.join(t.url, { cookie: user.cookie });
  await socket.waitFor(isFrame("snapshot"));
  socket.send({ type: "send", text: "still talking", clientId: "suspended-1" });
  expect(await socket.waitFor(isErrorOf("suspended-1"))).toMatchObject({ code: "not-signed-in" });
  expect(await db().$count(posts, eq(posts.authorId, user.profile?.id ?? ""))).toBe(0);
  expect(await db().$count(messages, eq(messages.userId, user.userId))).toBe(0);
}

describe("a session left behind by a suspension (a sign-in racing it)", () => {
  it.each([
    ["for a week", () => new Date(Date.now() + 7 * 86_400_000).toISOString()],
    ["until lifted", () => "infinity"],
  ])(
    "is no session while suspended %s: /api/me signed out, member requests 401, chat read-only",
    async (_, until) => {
      const member = await createSignedInUser(t.app);
      const other = await createSignedInUser(t.app);
      expect((await call(member, "GET", "/api/me")).json().user.id).toBe(member.userId);
      await suspendKeepingSessions(member, until());
      await expectSignedOut(member, other);
    },
  );

  it("shuts a suspended account listed in ADMIN_EMAILS out of moderation as well (401)", async () => {
    const moderator = await createModerator(t.app);
    expect((await call(moderator, "GET", "/api/moderation/queue")).statusCode).toBe(200);
    await suspendKeepingSessions(moderator, "infinity");
    const queue = await call(moderator, "GET", "/api/moderation/queue");
    expect(queue.statusCode).toBe(401);
    expect((await call(moderator, "GET", "/api/me")).json().user).toBeNull();
  });

  it("counts again once the suspension is over (the guard is the suspension, not a sign-out)", async () => {
    const member = await createSignedInUser(t.app);
    await suspendKeepingSessions(member, new Date(Date.now() - 60_000).toISOString());
    expect((await call(member, "GET", "/api/me")).json().user.id).toBe(member.userId);
    expect((await call(member, "GET", "/api/conversations")).statusCode).toBe(200);
  });
});
