import { describe, expect, it } from "vitest";
import { accountsTestApp, linkIn } from "../../../test/harness/accounts.ts";
import { createTestApp } from "../../../test/harness/test-app.ts";
import { LOOPBACK_HOSTS } from "../config.ts";
import { mailOutbox } from "../db/schema.ts";

/**
 * Issue 28 item 3: with PUBLIC_ORIGIN unset (ALLOWED_HOSTS deployments, development) the mailed
 * links' origin comes from the Host header. `Host: talents.example:443@evil.example` passed the
 * allowed-name check (its name up to the first colon is allowed) and made the reset link point at
 * evil.example. The origin is now built from a validated name and numeric port; anything else is 400.
 */

const t = accountsTestApp("mail-link-origin", {
  allowedHosts: [...LOOPBACK_HOSTS, "talents.example"],
});

const forgotWithHost = (email: string, host: string, headers: Record<string, string> = {}) =>
  t.call({
    method: "POST",
    url: "/api/auth/forgot-password",
    payload: { email },
    headers: { host, ...headers },
  });

describe("a mailed link's origin, with PUBLIC_ORIGIN unset", () => {
  it.each([
    "talents.example:443@evil.example",
    "talents.example@evil.example",
    "talents.example:443:80",
    "talents.example:8x",
    "talents.example/evil.example",
    "talents.example:99999",
    "talents.example:443#@evil.example",
  ])("refuses the malformed Host %s with 400 and mails nothing", async (host) => {
    const { email } = await t.register();
    const before = await t.mailsTo(email);
    const res = await forgotWithHost(email, host);
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json().error.code).toBe("bad-request");
    expect(res.body).not.toContain("evil");
    expect(await t.mailsTo(email)).toHaveLength(before.length);
  });

  it("builds the link from the allowed name and the numeric port only", async () => {
    const { email } = await t.register();
    expect((await forgotWithHost(email, "TALENTS.example:8443")).statusCode).toBe(202);
    const { url } = linkIn((await t.mailsTo(email)).at(-1), "/reset-password");
    expect(url.origin).toBe("http://talents.example:8443");
    expect(url.username).toBe("");
  });
});

describe("behind a trusted proxy", () => {
  it("refuses a malformed X-Forwarded-Host the same way", async () => {
    const proxied = await createTestApp({
      trustProxy: true,
      allowedHosts: [...LOOPBACK_HOSTS, "talents.example"],
    });
    try {
      const res = await proxied.app.inject({
        method: "POST",
        url: "/api/auth/forgot-password",
        payload: { email: "someone@example.test" },
        headers: { host: "app1:3000", "x-forwarded-host": "talents.example:443@evil.example" },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(await proxied.database.db.$count(mailOutbox)).toBe(0);
    } finally {
      await proxied.close();
    }
  });
});

describe("with PUBLIC_ORIGIN set", () => {
  it("mails links at PUBLIC_ORIGIN whatever the Host says", async () => {
    const proxied = await createTestApp({
      publicOrigin: "https://talents.example",
      allowedHosts: undefined,
    });
    try {
      const email = `someone-${Date.now()}@example.test`;
      const registered = await proxied.app.inject({
        method: "POST",
        url: "/api/auth/register",
        payload: { email, password: "Kettle-Mango-42" },
        headers: { host: "evil.example", origin: "https://talents.example" },
      });
      expect(registered.statusCode, registered.body).toBe(201);
      const [mail] = await proxied.database.db
        .select({
          text: mailOutbox.textBody,
          to: mailOutbox.toAddress,
          subject: mailOutbox.subject,
          html: mailOutbox.htmlBody,
        })
        .from(mailOutbox);
      expect(linkIn(mail, "/verify-email").url.origin).toBe("https://talents.example");
    } finally {
      await proxied.close();
    }
  });
});
