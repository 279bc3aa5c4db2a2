import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  accountsTestApp,
  expectFieldError,
  expectInvalidToken,
  linkIn,
  NEW_PASSWORD,
  nextAddress,
  PASSWORD,
  sessionCookieOf,
  uniqueEmail,
} from "../../../test/harness/accounts.ts";
import { accountTokens, users } from "../db/schema.ts";

const t = accountsTestApp("password-reset");

async function resetLink(email: string): Promise<string> {
  expect((await t.forgot(email)).statusCode).toBe(202);
  return t.latestToken(email, "/reset-password");
}

describe("POST /api/auth/forgot-password", () => {
  it("mails an account's address a one-hour link to /reset-password", async () => {
    const { email, userId } = await t.register();
    const res = await t.forgot(email);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ sent: true });
    const mail = (await t.mailsTo(email)).at(-1);
    expect(mail?.subject).toBe("Reset your Your Local Talents password");
    const { url } = linkIn(mail, "/reset-password");
    expect(url.origin).toBe("http://localhost");
    const [row] = await t.database.db
      .select()
      .from(accountTokens)
      .where(and(eq(accountTokens.purpose, "reset-password"), eq(accountTokens.userId, userId)));
    const minutes = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 60_000;
    expect(minutes).toBeGreaterThan(59);
    expect(minutes).toBeLessThanOrEqual(60);
  });

  it("answers an address without an account exactly the same, and mails nothing", async () => {
    const { email } = await t.register();
    const nobody = uniqueEmail("nobody");
    const [known, unknown] = [await t.forgot(email), await t.forgot(nobody)];
    expect(unknown.statusCode).toBe(known.statusCode);
    expect(unknown.body).toBe(known.body);
    expect(Object.keys(unknown.headers).sort()).toEqual(Object.keys(known.headers).sort());
    expect(await t.mailsTo(nobody)).toEqual([]);
  });

  it("finds the account in any letter case", async () => {
    const { email } = await t.register();
    expect((await t.forgot(`  ${email.toUpperCase()} `)).statusCode).toBe(202);
    expect(await t.mailsTo(email)).toHaveLength(2);
  });

  it.each(["", "not-an-email", "a@", "two@@example.test"])(
    "refuses the malformed address %j with 400 invalid-email on the email field",
    async (email) => {
      const res = await t.forgot(email);
      expectFieldError(res, 400, "invalid-email", "email");
    },
  );

  it("past 5 mails an hour to the address, still answers 202 but queues nothing", async () => {
    const { email } = await t.register(); // the verification mail is the first
    for (let i = 0; i < 6; i++) {
      const res = await t.forgot(email);
      expect(res.statusCode).toBe(202);
      expect(res.json()).toEqual({ sent: true });
    }
    const mails = await t.mailsTo(email);
    expect(mails).toHaveLength(5);
  });

  it("allows 10 requests a minute from one client address, then 429 with Retry-After", async () => {
    const address = nextAddress();
    for (let i = 0; i < 10; i++) {
      expect((await t.forgot(uniqueEmail("ip"), address)).statusCode).toBe(202);
    }
    const over = await t.forgot(uniqueEmail("ip"), address);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe("too-many-requests");
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(0);
    expect((await t.forgot(uniqueEmail("ip"), nextAddress())).statusCode).toBe(202);
  });
});

describe("POST /api/auth/reset-password", () => {
  it("sets the new password, signs in with a new session and signs out every other one", async () => {
    const { email, cookie: oldSession } = await t.register();
    const other = sessionCookieOf(await t.signIn(email));
    const res = await t.reset(await resetLink(email));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email, emailVerified: true });
    const fresh = sessionCookieOf(res);
    expect((await t.me(fresh)).user.email).toBe(email);
    expect((await t.me(oldSession)).user).toBeNull();
    expect((await t.me(other)).user).toBeNull();
    expect((await t.signIn(email, PASSWORD)).statusCode).toBe(401);
    expect((await t.signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("marks the address verified: the link proved it", async () => {
    const { email } = await t.register();
    await t.reset(await resetLink(email));
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.emailVerified).toBe(true);
  });

  it("clears the sign-in lock", async () => {
    const { email } = await t.register();
    for (let i = 0; i < 5; i++)
      expect((await t.signIn(email, "wrong-Guess-1")).statusCode).toBe(401);
    const paused = await t.signIn(email, PASSWORD);
    expect(paused.statusCode).toBe(429);
    expect((await t.reset(await resetLink(email))).statusCode).toBe(200);
    expect((await t.signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("applies the sign-up password policy on the password field, and the link stays usable", async () => {
    const { email } = await t.register();
    const token = await resetLink(email);
    for (const weak of ["kq7vz", "password1", "        "]) {
      const res = await t.reset(token, weak);
      expectFieldError(res, 400, "weak-password", "password");
    }
    expect((await t.reset(token)).statusCode).toBe(200);
  });

  it("only the newest link works: asking again voids the one before", async () => {
    const { email } = await t.register();
    const first = await resetLink(email);
    const second = await resetLink(email);
    expectInvalidToken(await t.reset(first));
    expect((await t.reset(second)).statusCode).toBe(200);
  });
});
