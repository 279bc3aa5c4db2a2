import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  accountsTestApp,
  expectInvalidToken,
  linkIn,
  uniqueEmail,
} from "../../../test/harness/accounts.ts";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { accountTokens, users } from "../db/schema.ts";

const t = accountsTestApp("verify-email");

describe("sign-up sends a verification link", () => {
  it("queues one mail with a 24-hour link to /verify-email, stored hashed, in the sign-up's transaction", async () => {
    const { email, userId, cookie } = await t.register();
    const mails = await t.mailsTo(email);
    expect(mails).toHaveLength(1);
    const [mail] = mails;
    expect(mail?.subject).toBe("Confirm your email for Your Local Talents");
    expect(mail?.text).toContain("Your Local Talents");
    const { url, token } = linkIn(mail, "/verify-email");
    expect(url.origin).toBe("http://localhost");
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(mail?.html).toContain(`/verify-email?token=${token}"`);

    const [row] = await t.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.userId, userId));
    expect(row).toMatchObject({ purpose: "verify-email", email, usedAt: null });
    expect(row?.tokenHash).not.toBe(token);
    expect(row?.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    const lifetimeHours = ((row?.expiresAt.getTime() ?? 0) - Date.now()) / 3_600_000;
    expect(lifetimeHours).toBeGreaterThan(23.9);
    expect(lifetimeHours).toBeLessThanOrEqual(24);

    expect((await t.me(cookie)).user).toMatchObject({ email, emailVerified: false });
  });

  it("writes neither the account nor a mail when the sign-up is refused", async () => {
    const { email } = await t.register();
    const again = await t.call({
      method: "POST",
      url: "/api/auth/register",
      payload: { email, password: "another-Pass-99" },
    });
    expect(again.statusCode).toBe(409);
    expect(await t.mailsTo(email)).toHaveLength(1);
  });
});

describe("POST /api/auth/verify-email", () => {
  it("marks the address verified and answers the account; the link then is used up", async () => {
    const { email, cookie, token } = await t.registerWithVerifyLink();
    const res = await t.verify(token);
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email, emailVerified: true });
    expect((await t.me(cookie)).user.emailVerified).toBe(true);
    expectInvalidToken(await t.verify(token));
  });

  it("works signed out, in another browser than the one that signed up", async () => {
    const res = await t.verify((await t.registerWithVerifyLink()).token);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === "ylt_session")).toBeUndefined();
  });
});

describe("POST /api/auth/verify-email/resend", () => {
  it("queues a new link and voids the older one", async () => {
    const { email, cookie, token: first } = await t.registerWithVerifyLink();
    const res = await t.resend(cookie);
    expect(res.statusCode).toBe(202);
    expect(res.json()).toEqual({ sent: true });
    const second = await t.latestToken(email, "/verify-email");
    expect(second).not.toBe(first);
    expectInvalidToken(await t.verify(first));
    expect((await t.verify(second)).statusCode).toBe(200);
  });

  it("answers 409 already-verified once the address is verified", async () => {
    const { email, cookie, token } = await t.registerWithVerifyLink();
    await t.verify(token);
    const res = await t.resend(cookie);
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe("already-verified");
    expect(await t.mailsTo(email)).toHaveLength(1);
  });

  it("answers 401 when signed out", async () => {
    const res = await t.resend();
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("not-signed-in");
  });

  it("allows 5 links an hour per account (the sign-up's counts), then 429 with Retry-After", async () => {
    const { email, cookie } = await t.register();
    for (let i = 0; i < 4; i++) expect((await t.resend(cookie)).statusCode).toBe(202);
    const over = await t.resend(cookie);
    expect(over.statusCode).toBe(429);
    expect(over.json().error.code).toBe("too-many-requests");
    const retryAfter = Number(over.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(3500);
    expect(retryAfter).toBeLessThanOrEqual(3600);
    expect(await t.mailsTo(email)).toHaveLength(5);
  });

  it("counts every mail to the address: 5 an hour, whatever sent them", async () => {
    const { email, userId, cookie } = await t.register();
    // Four other mails reached the address this hour (the per-account count stays at one).
    await t.database.db.execute(
      `insert into mail_outbox (to_address, subject, text_body, html_body)
       select '${email}', 's', 't', 'h' from generate_series(1, 4)`,
    );
    const over = await t.resend(cookie);
    expect(over.statusCode).toBe(429);
    expect(Number(over.headers["retry-after"])).toBeGreaterThan(3500);
    const links = await t.database.db.$count(accountTokens, eq(accountTokens.userId, userId));
    expect(links).toBe(1);
  });
});

describe("an unverified email is never shown on a profile", () => {
  it("hides it from other members until it is verified, even when the owner shows it", async () => {
    const owner = await t.register(uniqueEmail("shown"));
    const username = `shown_${Date.now().toString(36)}`;
    const created = await t.createProfile(owner.cookie, username);
    // The owner sees their own address on their own profile, verified or not.
    expect(created.json().user.email).toBe(owner.email);
    const shown = await t.call({
      method: "PUT",
      url: `/api/users/${username}`,
      cookie: owner.cookie,
      payload: { show_email: true },
    });
    expect(shown.statusCode).toBe(200);

    const member = await createSignedInUser(t.app);
    const profile = async () =>
      (await t.call({ url: `/api/users/username/${username}`, cookie: member.cookie })).json().user;
    expect(await profile()).toMatchObject({ email: null, email_hidden: true });

    await t.verify(await t.latestToken(owner.email, "/verify-email"));
    expect(await profile()).toMatchObject({ email: owner.email, email_hidden: false });
  });

  it("keeps a verified member's choice: hidden stays hidden", async () => {
    const owner = await createSignedInUser(t.app);
    const member = await createSignedInUser(t.app);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, owner.userId));
    expect(row?.emailVerified).toBe(true);
    const res = await t.call({
      url: `/api/users/username/${owner.username}`,
      cookie: member.cookie,
    });
    expect(res.json().user).toMatchObject({ email: null, email_hidden: true });
  });
});
