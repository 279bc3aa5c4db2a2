import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { accountsTestApp, PASSWORD, uniqueEmail } from "../../../test/harness/accounts.ts";
import { expectErrorAnswer } from "../../../test/harness/error-answer.ts";
import { accountTokens } from "../db/schema.ts";

/** Production without SMTP_URL: nothing can be sent, so the routes that would send say so. */
const t = accountsTestApp("mail-unavailable", {
  nodeEnv: "production",
  mail: { smtpUrl: undefined, from: "Your Local Talents <no-reply@localhost>" },
});

const expectMailUnavailable = (res: LightMyRequestResponse) =>
  expectErrorAnswer(res, 503, "mail-unavailable", "Email is not set up on this server.");

describe("without a way to send mail", () => {
  it("signs up all the same, queueing no link; resend and change of email answer 503", async () => {
    const email = uniqueEmail("nomail");
    const res = await t.call({
      method: "POST",
      url: "/api/auth/register",
      payload: { email, password: PASSWORD },
    });
    expect(res.statusCode).toBe(201);
    const userId = res.json().user.id;
    expect(await t.mailsTo(email)).toEqual([]);
    expect(await t.database.db.$count(accountTokens, eq(accountTokens.userId, userId))).toBe(0);

    // In production the session cookie has the __Host- prefix.
    const session = res.cookies.find((c) => c.name === "__Host-ylt_session");
    const cookie = `__Host-ylt_session=${session?.value}`;
    expectMailUnavailable(
      await t.call({ method: "POST", url: "/api/auth/verify-email/resend", cookie }),
    );
    expectMailUnavailable(
      await t.call({
        method: "PUT",
        url: "/api/me/email",
        cookie,
        payload: { email: uniqueEmail(), currentPassword: PASSWORD },
      }),
    );
  });

  it("forgot-password answers 503 mail-unavailable", async () => {
    expectMailUnavailable(
      await t.call({
        method: "POST",
        url: "/api/auth/forgot-password",
        payload: { email: uniqueEmail() },
      }),
    );
  });
});
