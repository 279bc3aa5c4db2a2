import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  accountsTestApp,
  expectFieldError,
  expectInvalidToken,
  linkIn,
  NEW_PASSWORD,
  PASSWORD,
  sessionCookieOf,
  uniqueEmail,
} from "../../../test/harness/accounts.ts";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { profiles, users } from "../db/schema.ts";

const t = accountsTestApp("settings");

describe("PUT /api/me/password", () => {
  it("changes the password with the current one, keeps this session and ends the others", async () => {
    const { email, cookie } = await t.register();
    const other = sessionCookieOf(await t.signIn(email));
    const res = await t.changePassword(cookie, {
      currentPassword: PASSWORD,
      newPassword: NEW_PASSWORD,
    });
    expect(res.statusCode).toBe(204);
    expect((await t.me(cookie)).user.email).toBe(email);
    expect((await t.me(other)).user).toBeNull();
    expect((await t.signIn(email, PASSWORD)).statusCode).toBe(401);
    expect((await t.signIn(email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("refuses a wrong current password with 400 wrong-password on currentPassword", async () => {
    const { email, cookie } = await t.register();
    const res = await t.changePassword(cookie, {
      currentPassword: "not-It-42",
      newPassword: NEW_PASSWORD,
    });
    expectFieldError(res, 400, "wrong-password", "currentPassword");
    expect((await t.signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it("applies the sign-up policy to the new password, on newPassword", async () => {
    const { cookie } = await t.register();
    const res = await t.changePassword(cookie, {
      currentPassword: PASSWORD,
      newPassword: "password1",
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toMatchObject({
      code: "weak-password",
      fields: { newPassword: expect.stringContaining("too common") },
    });
  });

  it("voids a reset link asked for before", async () => {
    const { email, cookie } = await t.register();
    await t.call({ method: "POST", url: "/api/auth/forgot-password", payload: { email } });
    const token = await t.latestToken(email, "/reset-password");
    await t.changePassword(cookie, { currentPassword: PASSWORD, newPassword: NEW_PASSWORD });
    expectInvalidToken(
      await t.call({
        method: "POST",
        url: "/api/auth/reset-password",
        payload: { token, password: "Cobalt-Meadow-31" },
      }),
    );
  });

  it("lets a Google-only account add a password within 10 minutes of signing in, not later", async () => {
    const member = await createSignedInUser(t.app);
    await t.signedInMinutesAgo(member.userId, 11);
    const late = await t.changePassword(member.cookie, {
      currentPassword: "",
      newPassword: NEW_PASSWORD,
    });
    expect(late.statusCode).toBe(403);
    expect(late.json().error.code).toBe("reauthentication-required");
    await t.signedInMinutesAgo(member.userId, 2);
    const recent = await t.changePassword(member.cookie, {
      currentPassword: "",
      newPassword: NEW_PASSWORD,
    });
    expect(recent.statusCode).toBe(204);
    expect((await t.signIn(member.email, NEW_PASSWORD)).statusCode).toBe(200);
  });

  it("answers 401 when signed out", async () => {
    const res = await t.call({
      method: "PUT",
      url: "/api/me/password",
      payload: { currentPassword: PASSWORD, newPassword: NEW_PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });
});

describe("PUT /api/me/email", () => {
  it("mails a link to the new address; the account keeps the old one until it is followed", async () => {
    const { email, userId, cookie } = await t.register();
    await t.createProfile(cookie, `mover_${Date.now().toString(36)}`);
    const newEmail = uniqueEmail("new-address");
    const res = await t.changeEmail(cookie, {
      email: newEmail.toUpperCase(),
      currentPassword: PASSWORD,
    });
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ sent: true });
    const [linkMail] = await t.mailsTo(newEmail);
    expect(linkMail?.subject).toBe("Confirm your new email for Your Local Talents");
    expect((await t.me(cookie)).user.email).toBe(email);

    const followed = await t.verify(linkIn(linkMail, "/verify-email").token);
    expect(followed.statusCode).toBe(200);
    expect(followed.json().user).toMatchObject({
      id: userId,
      email: newEmail,
      emailVerified: true,
    });
    expect((await t.me(cookie)).user.email).toBe(newEmail);
    const [profile] = await t.database.db
      .select()
      .from(profiles)
      .where(eq(profiles.userId, userId));
    expect(profile?.email).toBe(newEmail);

    const notice = (await t.mailsTo(email)).at(-1);
    expect(notice?.subject).toBe("Your email was changed");
    expect(notice?.text).not.toContain(newEmail);
    expect((await t.signIn(newEmail)).statusCode).toBe(200);
    expect((await t.signIn(email)).statusCode).toBe(401);
  });

  it("refuses its own address and one another account has with 409 email-already-in-use", async () => {
    const { email, cookie } = await t.register();
    const other = await t.register();
    const answers = [];
    for (const taken of [email, other.email.toUpperCase()]) {
      const res = await t.changeEmail(cookie, { email: taken, currentPassword: PASSWORD });
      expectFieldError(res, 409, "email-already-in-use", "email");
      answers.push(res.json().error.fields.email);
    }
    expect(answers).toEqual([
      "This is already your email. Enter a different address.",
      "An account already uses this email.",
    ]);
  });

  it("refuses a wrong or missing password with 400 wrong-password on currentPassword", async () => {
    const { cookie } = await t.register();
    for (const [payload, says] of [
      [{ email: uniqueEmail(), currentPassword: "not-It-42" }, "The password is incorrect."],
      [{ email: uniqueEmail() }, "Enter your current password."],
    ] as const) {
      const res = await t.changeEmail(cookie, payload);
      expectFieldError(res, 400, "wrong-password", "currentPassword");
      expect(res.json().error.fields.currentPassword).toBe(says);
    }
  });

  it("refuses a malformed address with 400 invalid-email", async () => {
    const { cookie } = await t.register();
    const res = await t.changeEmail(cookie, { email: "not-an-email", currentPassword: PASSWORD });
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("invalid-email");
  });

  it("changes nothing when another account took the address before the link is followed", async () => {
    const { email, userId, cookie } = await t.register();
    const wanted = uniqueEmail("contested");
    await t.changeEmail(cookie, { email: wanted, currentPassword: PASSWORD });
    const token = await t.latestToken(wanted, "/verify-email");
    await t.register(wanted);
    const res = await t.verify(token);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("email-already-in-use");
    const [row] = await t.database.db.select().from(users).where(eq(users.id, userId));
    expect(row?.email).toBe(email);
  });

  it("allows 5 change links an hour per account, then 429", async () => {
    const { cookie } = await t.register();
    for (let i = 0; i < 5; i++) {
      const res = await t.changeEmail(cookie, { email: uniqueEmail(), currentPassword: PASSWORD });
      expect(res.statusCode).toBe(202);
    }
    const over = await t.changeEmail(cookie, { email: uniqueEmail(), currentPassword: PASSWORD });
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(3500);
  });

  it("answers 401 when signed out", async () => {
    const res = await t.call({
      method: "PUT",
      url: "/api/me/email",
      payload: { email: uniqueEmail(), currentPassword: PASSWORD },
    });
    expect(res.statusCode).toBe(401);
  });
});
