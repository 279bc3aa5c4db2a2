import { describe, expect, it } from "vitest";
import {
  accountsTestApp,
  expectInvalidToken,
  NEW_PASSWORD,
  PASSWORD,
  sessionCookieOf,
  uniqueEmail,
} from "../../../test/harness/accounts.ts";

/**
 * Issue 28 item 2: someone who once knew the password asks for a change of address to theirs; the
 * owner changes the password (or resets it, or signs out everywhere else); the old link must not
 * hand the account over later. Every unused link of the account dies in that same transaction.
 */

const t = accountsTestApp("pending-links");

/** An account with one unused link of each kind, the change of address asked by an intruder. */
async function accountWithPendingLinks() {
  const { email, cookie, token: verifyToken } = await t.registerWithVerifyLink();
  const intruder = sessionCookieOf(await t.signIn(email));
  const intruderEmail = uniqueEmail("intruder");
  const asked = await t.changeEmail(intruder, { email: intruderEmail, currentPassword: PASSWORD });
  expect(asked.statusCode, asked.body).toBe(202);
  const changeToken = await t.latestToken(intruderEmail, "/verify-email");
  expect((await t.forgot(email)).statusCode).toBe(202);
  const resetToken = await t.latestToken(email, "/reset-password");
  return { email, cookie, verifyToken, changeToken, resetToken };
}

/** None of the links works any more, and the account still has its own address. */
async function expectLinksDead(
  account: { email: string; cookie: string },
  links: { verifyToken: string; changeToken: string; resetToken?: string },
) {
  expectInvalidToken(await t.verify(links.changeToken));
  expectInvalidToken(await t.verify(links.verifyToken));
  if (links.resetToken) expectInvalidToken(await t.reset(links.resetToken, "Cobalt-Meadow-31"));
  expect((await t.me(account.cookie)).user.email).toBe(account.email);
}

describe("a password change, a reset or signing out everywhere else voids every pending link", () => {
  it("changing the password in settings", async () => {
    const account = await accountWithPendingLinks();
    const res = await t.changePassword(account.cookie, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(204);
    await expectLinksDead(account, account);
  });

  it("signing out everywhere else", async () => {
    const account = await accountWithPendingLinks();
    const res = await t.call({
      method: "POST",
      url: "/api/me/sessions/revoke-others",
      cookie: account.cookie,
    });
    expect(res.statusCode).toBe(204);
    await expectLinksDead(account, account);
  });

  it("completing a password reset", async () => {
    const { resetToken, ...account } = await accountWithPendingLinks();
    const res = await t.reset(resetToken);
    expect(res.statusCode, res.body).toBe(200);
    await expectLinksDead({ ...account, cookie: sessionCookieOf(res) }, account);
  });

  it("a link asked for afterwards still works", async () => {
    const account = await accountWithPendingLinks();
    await t.call({ method: "POST", url: "/api/me/sessions/revoke-others", cookie: account.cookie });
    const newEmail = uniqueEmail("owner");
    const asked = await t.changeEmail(account.cookie, {
      email: newEmail,
      currentPassword: PASSWORD,
    });
    expect(asked.statusCode).toBe(202);
    const res = await t.verify(await t.latestToken(newEmail, "/verify-email"));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.email).toBe(newEmail);
  });
});
