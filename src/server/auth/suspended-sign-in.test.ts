import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { accountsTestApp, PASSWORD } from "../../../test/harness/accounts.ts";
import { createModerator, MODERATOR_EMAILS } from "../../../test/harness/moderators.ts";
import { suspendedMessage } from "../../shared/suspension-text.ts";
import { sessions, users } from "../db/schema.ts";

/** Issue 16: a suspended account cannot sign in, and is told until when once it gave its password. */
const t = accountsTestApp("suspended-sign-in", {
  moderation: { adminEmails: MODERATOR_EMAILS, autoHideThreshold: 3 },
});
const db = () => t.database.db;

async function suspendUntil(userId: string, until: string) {
  await db()
    .update(users)
    .set({ suspendedUntil: sql`${until}::timestamptz` })
    .where(eq(users.id, userId));
}

const sessionCount = (userId: string) => db().$count(sessions, eq(sessions.userId, userId));

function expectSuspended(res: LightMyRequestResponse, until: string) {
  expect(res.statusCode, res.body).toBe(403);
  expect(res.json().error).toEqual({ code: "account-suspended", message: suspendedMessage(until) });
  expect(res.cookies.find((cookie) => cookie.name === "ylt_session")).toBeUndefined();
}

describe("signing in to a suspended account", () => {
  it("refuses the right password with 403 account-suspended, saying until when, and starts no session", async () => {
    const account = await t.register();
    await db().delete(sessions).where(eq(sessions.userId, account.userId));
    await suspendUntil(account.userId, "2100-03-04T05:06:07.000Z");
    const res = await t.signIn(account.email);
    expectSuspended(res, "2100-03-04T05:06:07.000Z");
    expect(res.json().error.message).toBe(
      "Your account is suspended until 4 March 2100 at 05:06 UTC.",
    );
    expect(await sessionCount(account.userId)).toBe(0);
  });

  it("says a suspension until lifted has no end date", async () => {
    const account = await t.register();
    await suspendUntil(account.userId, "infinity");
    const res = await t.signIn(account.email);
    expectSuspended(res, "indefinite");
    expect(res.json().error.message).toBe(
      "Your account is suspended until a moderator lifts the suspension.",
    );
  });

  it("answers a wrong password as for any account: guessing reveals no suspension", async () => {
    const suspended = await t.register();
    const active = await t.register();
    await suspendUntil(suspended.userId, "infinity");
    const guessed = await t.signIn(suspended.email, "Wrong-Guess-99");
    const ordinary = await t.signIn(active.email, "Wrong-Guess-99");
    expect(guessed.statusCode).toBe(401);
    expect(guessed.json()).toEqual(ordinary.json());
  });

  it("keeps telling the owner why, rather than locking them out after five tries", async () => {
    const account = await t.register();
    await suspendUntil(account.userId, "infinity");
    for (let i = 0; i < 7; i++) expectSuspended(await t.signIn(account.email), "indefinite");
  });

  it("signs in again once the suspension is over", async () => {
    const account = await t.register();
    await suspendUntil(account.userId, new Date(Date.now() - 60_000).toISOString());
    const res = await t.signIn(account.email);
    expect(res.statusCode).toBe(200);
    expect(res.json().user.id).toBe(account.userId);
  });

  it("follows a moderator's suspension and its lifting, through the API", async () => {
    const account = await t.register();
    await t.createProfile(account.cookie, `suspended_${Date.now().toString(36)}`);
    const { username } = (await t.me(account.cookie)).profile;
    const moderator = await createModerator(t.app);
    const moderate = (action: string, payload?: object) =>
      t.call({
        method: "POST",
        url: `/api/moderation/members/${username}/${action}`,
        cookie: moderator.cookie,
        ...(payload ? { payload } : {}),
      });

    const suspended = await moderate("suspend", { duration: "week" });
    expect(suspended.statusCode).toBe(200);
    expect((await t.me(account.cookie)).user).toBeNull();
    expectSuspended(await t.signIn(account.email), suspended.json().suspended_until);

    expect((await moderate("lift")).statusCode).toBe(200);
    const back = await t.signIn(account.email, PASSWORD);
    expect(back.statusCode).toBe(200);
  });

  it("starts no session after a password reset either", async () => {
    const account = await t.register();
    await suspendUntil(account.userId, "infinity");
    expect((await t.forgot(account.email)).statusCode).toBe(202);
    const token = await t.latestToken(account.email, "/reset-password");
    expectSuspended(await t.reset(token), "indefinite");
    expect(await sessionCount(account.userId)).toBe(0);
  });
});
