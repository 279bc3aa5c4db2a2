import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type OidcProvider, startOidcProvider } from "../../../e2e/support/oidc-provider.ts";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";
import { LOOPBACK_HOSTS } from "../config.ts";

/**
 * DNS rebinding (issue 13 item 14): with PUBLIC_ORIGIN unset the Host header would decide the
 * origin the CSRF and chat checks compare with and the Google redirect_uri. Only this server's
 * own names are answered: localhost in development and tests, plus ALLOWED_HOSTS.
 */

let provider: OidcProvider;
let local: TestApp;
beforeAll(async () => {
  provider = await startOidcProvider();
  local = await createTestApp({
    google: { clientId: "c", clientSecret: "s", discoveryUrl: provider.url },
  });
});
afterAll(async () => {
  await local?.close();
  await provider?.stop();
});

const get = (t: TestApp, url: string, host: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: "GET", url, headers: { host, ...headers } });

describe("the Host header, with PUBLIC_ORIGIN unset", () => {
  it.each(["localhost", "localhost:3000", "127.0.0.1:8080", "[::1]:3000", "LOCALHOST"])(
    "answers at the local name %s",
    async (host) => {
      expect((await get(local, "/api/me", host)).statusCode).toBe(200);
    },
  );

  it.each(["evil.example", "evil.example:3000", "localhost.evil.example", "10.0.0.5"])(
    "refuses the rebound name %s with 421 before anything reads it",
    async (host) => {
      const res = await get(local, "/api/me", host);
      expect(res.statusCode).toBe(421);
      expect(res.json().error.code).toBe("unknown-host");
      expect(res.body).not.toContain("evil");
    },
  );

  it("never builds the Google redirect_uri from a foreign Host", async () => {
    const res = await get(local, "/api/auth/google?intent=login", "evil.example");
    expect(res.statusCode).toBe(421);
    expect(res.headers.location).toBeUndefined();
    const ok = await get(local, "/api/auth/google?intent=login", "localhost:3000");
    const redirect = new URL(String(ok.headers.location)).searchParams.get("redirect_uri");
    expect(redirect).toBe("http://localhost:3000/api/auth/google/callback");
  });

  it("refuses a rebound mutation whose Origin matches its own Host, and changes nothing", async () => {
    const { cookie } = await createSignedInUser(local.app);
    const res = await local.app.inject({
      method: "POST",
      url: "/api/auth/logout",
      headers: { host: "evil.example", origin: "http://evil.example", cookie },
    });
    expect(res.statusCode).toBe(421);
    const me = await local.app.inject({ url: "/api/me", headers: { cookie } });
    expect(me.json().user).not.toBeNull();
  });

  it("answers the names in ALLOWED_HOSTS too", async () => {
    const listed = await createTestApp({ allowedHosts: [...LOOPBACK_HOSTS, "talents.example"] });
    try {
      expect((await get(listed, "/api/me", "talents.example")).statusCode).toBe(200);
      expect((await get(listed, "/api/me", "other.example")).statusCode).toBe(421);
    } finally {
      await listed.close();
    }
  });
});

describe("with PUBLIC_ORIGIN set", () => {
  it("takes any Host (a proxy's internal name) and compares origins with PUBLIC_ORIGIN only", async () => {
    const proxied = await createTestApp({
      publicOrigin: "https://talents.example",
      allowedHosts: undefined,
    });
    try {
      expect((await get(proxied, "/api/me", "app1:3000")).statusCode).toBe(200);
      const rebound = await proxied.app.inject({
        method: "POST",
        url: "/api/auth/logout",
        headers: { host: "evil.example", origin: "http://evil.example" },
      });
      expect(rebound.statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });
});
