import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { accountsTestApp, expectInvalidToken, PASSWORD } from "../../../test/harness/accounts.ts";
import { hashToken } from "../auth/index.ts";
import { accountTokens } from "../db/schema.ts";

const t = accountsTestApp("account-tokens");

/** A fresh account with a live verification link and a live reset link. */
async function accountWithLinks() {
  const { token: verifyToken, ...account } = await t.registerWithVerifyLink();
  expect((await t.forgot(account.email)).statusCode).toBe(202);
  return {
    ...account,
    verifyToken,
    resetToken: await t.latestToken(account.email, "/reset-password"),
  };
}

const FOLLOW = {
  "verify-email": (token: unknown) => t.verify(token),
  "reset-password": (token: unknown) => t.reset(token),
} as const;

describe.each(Object.entries(FOLLOW))("POST /api/auth/%s refuses a bad link", (_route, follow) => {
  it.each([
    ["empty", ""],
    ["too short", "abc"],
    ["of characters a token never has", `${"!".repeat(42)}=`],
    ["too long", "A".repeat(44)],
    ["a query string pasted whole", `token=${randomBytes(32).toString("base64url")}`],
    ["a hash instead of the token", hashToken(randomBytes(32).toString("base64url"))],
  ])("malformed (%s): 400 invalid-token", async (_label, token) => {
    expectInvalidToken(await follow(token));
  });

  it("forged (well-formed, never issued): 400 invalid-token", async () => {
    expectInvalidToken(await follow(randomBytes(32).toString("base64url")));
  });

  it("a body without a token string: 400 invalid-input, never a 500", async () => {
    for (const token of [undefined, 42, null, ["x"]]) {
      const res = await follow(token);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("invalid-input");
    }
  });
});

describe("expired, used and wrong-purpose links", () => {
  it("expired (expires_at in the past): 400 invalid-token, for either purpose", async () => {
    const { userId, verifyToken, resetToken } = await accountWithLinks();
    await t.database.db
      .update(accountTokens)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(accountTokens.userId, userId));
    expectInvalidToken(await t.verify(verifyToken));
    expectInvalidToken(await t.reset(resetToken));
  });

  it("reused: the second use of either link is refused", async () => {
    const { verifyToken, resetToken } = await accountWithLinks();
    expect((await t.verify(verifyToken)).statusCode).toBe(200);
    expectInvalidToken(await t.verify(verifyToken));
    expect((await t.reset(resetToken)).statusCode).toBe(200);
    expectInvalidToken(await t.reset(resetToken));
  });

  it("wrong purpose: each link works only on its own page, and survives the wrong one", async () => {
    const { verifyToken, resetToken } = await accountWithLinks();
    expectInvalidToken(await t.reset(verifyToken));
    expectInvalidToken(await t.verify(resetToken));
    expect((await t.verify(verifyToken)).statusCode).toBe(200);
    expect((await t.reset(resetToken)).statusCode).toBe(200);
  });

  it("a link for an address the account no longer has proves nothing", async () => {
    const { email, userId, cookie, verifyToken } = await accountWithLinks();
    const newEmail = `moved-${email}`;
    const asked = await t.call({
      method: "PUT",
      url: "/api/me/email",
      cookie,
      payload: { email: newEmail, currentPassword: PASSWORD },
    });
    expect(asked.statusCode).toBe(202);
    const moved = await t.verify(await t.latestToken(newEmail, "/verify-email"));
    expect(moved.json().user).toMatchObject({ id: userId, email: newEmail });
    // The sign-up's link was for the old address.
    expectInvalidToken(await t.verify(verifyToken));
  });

  it("stores only the SHA-256 of a token", async () => {
    const { userId, verifyToken, resetToken } = await accountWithLinks();
    const rows = await t.database.db
      .select({ tokenHash: accountTokens.tokenHash })
      .from(accountTokens)
      .where(eq(accountTokens.userId, userId));
    const hashes = rows.map((row) => row.tokenHash).sort();
    expect(hashes).toEqual([hashToken(verifyToken), hashToken(resetToken)].sort());
  });
});

describe("single use under concurrency", () => {
  it("two resets with one link at once: exactly one wins", async () => {
    const { resetToken } = await accountWithLinks();
    const answers = await Promise.all([
      t.reset(resetToken, "Walnut-Harbor-77"),
      t.reset(resetToken, "Cobalt-Meadow-31"),
    ]);
    const statuses = answers.map((res) => res.statusCode).sort();
    expect(statuses).toEqual([200, 400]);
    const loser = answers.find((res) => res.statusCode === 400);
    if (loser) expectInvalidToken(loser);
  });

  it("two verifications with one link at once: exactly one wins", async () => {
    const { verifyToken } = await accountWithLinks();
    const answers = await Promise.all([t.verify(verifyToken), t.verify(verifyToken)]);
    expect(answers.map((res) => res.statusCode).sort()).toEqual([200, 400]);
    const loser = answers.find((res) => res.statusCode === 400);
    if (loser) expectInvalidToken(loser);
  });
});
