import { describe, expect, it } from "vitest";
import {
  accountsTestApp,
  expectFieldError,
  NEW_PASSWORD,
  PASSWORD,
  uniqueEmail,
} from "../../../test/harness/accounts.ts";

/**
 * Issue 28 item 7: the password asked again before a change only the owner may make counts on the
 * account like a sign-in, so a stolen session cannot guess the password there without limit.
 */

const t = accountsTestApp("reauthentication-limit");

/** Each route that asks for the current password, as a call with `password` as that password. */
const RECHECKS = {
  "change of email": (cookie: string, password: string) =>
    t.changeEmail(cookie, { email: uniqueEmail("new"), currentPassword: password }),
  "change of password": (cookie: string, password: string) =>
    t.changePassword(cookie, { currentPassword: password, newPassword: NEW_PASSWORD }),
  "account deletion": (cookie: string, password: string) =>
    t.call({ method: "DELETE", url: "/api/me", cookie, payload: { password } }),
};

const FIELD = {
  "change of email": "currentPassword",
  "change of password": "currentPassword",
  "account deletion": "password",
} as const;

describe("wrong passwords asked again count on the account like failed sign-ins", () => {
  it.each(Object.keys(RECHECKS) as (keyof typeof RECHECKS)[])(
    "%s: past the limit 429 with when it resumes, even for the right password, and sign-in pauses too",
    async (route) => {
      const recheck = RECHECKS[route];
      const { email, cookie } = await t.register();
      const max = t.app.config.auth.maxFailedSignIns;
      for (let i = 0; i < max; i++) {
        expectFieldError(
          await recheck(cookie, `Wrong-guess-${i}`),
          400,
          "wrong-password",
          FIELD[route],
        );
      }
      const paused = await recheck(cookie, PASSWORD);
      expect(paused.statusCode, paused.body).toBe(429);
      expect(paused.json().error).toMatchObject({
        code: "too-many-requests",
        message: expect.stringMatching(/paused after too many failed attempts/),
        fields: { pausedUntil: expect.any(String) },
      });
      expect(Number(paused.headers["retry-after"])).toBeGreaterThan(0);
      // The account was not changed, and a stranger's browser cannot sign in either.
      expect((await t.me(cookie)).user.email).toBe(email);
      expect((await t.signIn(email)).statusCode).toBe(429);
    },
  );

  it("failed sign-ins and wrong passwords asked again add up", async () => {
    const { email, cookie } = await t.register();
    const max = t.app.config.auth.maxFailedSignIns;
    for (let i = 0; i < max - 1; i++) {
      expect((await t.signIn(email, `Wrong-guess-${i}`)).statusCode).toBe(401);
    }
    expect((await RECHECKS["change of password"](cookie, "Wrong-guess-last")).statusCode).toBe(400);
    expect((await RECHECKS["change of password"](cookie, PASSWORD)).statusCode).toBe(429);
  });

  it("the right password clears the count, as a sign-in does", async () => {
    const { cookie } = await t.register();
    const max = t.app.config.auth.maxFailedSignIns;
    for (let i = 0; i < max - 1; i++) {
      expect((await RECHECKS["change of email"](cookie, `Wrong-guess-${i}`)).statusCode).toBe(400);
    }
    expect((await RECHECKS["change of email"](cookie, PASSWORD)).statusCode).toBe(202);
    for (let i = 0; i < max - 1; i++) {
      expect((await RECHECKS["change of email"](cookie, `Wrong-again-${i}`)).statusCode).toBe(400);
    }
    expect((await RECHECKS["change of password"](cookie, PASSWORD)).statusCode).toBe(204);
  });
});
