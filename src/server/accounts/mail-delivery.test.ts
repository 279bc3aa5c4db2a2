import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountsTestApp, sessionCookieOf, uniqueEmail } from "../../../test/harness/accounts.ts";
import { type SmtpCatcher, startSmtpCatcher } from "../../../test/harness/smtp-catcher.ts";

/** End to end: the account mails leave through the outbox's sender and arrive at an SMTP server. */

let catcher: SmtpCatcher;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
});
afterAll(() => catcher?.stop());
const t = accountsTestApp("mail-delivery", () => ({
  mail: { smtpUrl: catcher.url, from: "Your Local Talents <no-reply@localhost>" },
}));

const arrivedFor = (address: string, subject: string) =>
  catcher.waitForMail((mail) => mail.to.includes(address) && mail.subject === subject);

/** The path and query of the mail's one link to `page`, as a browser would open it. */
function linkTo(links: string[], page: string): string {
  const link = links.map((l) => new URL(l)).find((url) => url.pathname === page);
  if (!link) throw new Error(`no ${page} link among ${links.join(", ")}`);
  return link.searchParams.get("token") ?? "";
}

describe("account mails over SMTP", () => {
  it("register → the verification mail arrives → its link verifies the address", async () => {
    const email = uniqueEmail("smtp");
    await t.register(email);
    const mail = await arrivedFor(email, "Confirm your email for Your Local Talents");
    expect(mail.fromName).toBe("Your Local Talents");
    expect(mail.html).toContain("/verify-email?token=");
    const res = await t.verify(linkTo(mail.links, "/verify-email"));
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ email, emailVerified: true });
  });

  it("forgot password → the reset mail arrives → its link sets the password and signs in", async () => {
    const email = uniqueEmail("smtp-reset");
    await t.register(email);
    await t.forgot(email);
    const mail = await arrivedFor(email, "Reset your Your Local Talents password");
    const res = await t.reset(linkTo(mail.links, "/reset-password"));
    expect(res.statusCode).toBe(200);
    expect((await t.me(sessionCookieOf(res))).user.email).toBe(email);
  });
});
