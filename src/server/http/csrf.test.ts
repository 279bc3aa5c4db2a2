import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { createTestApp, testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { LOOPBACK_HOSTS } from "../config.ts";

const t = testAppClosedAfterAll({ allowedHosts: [...LOOPBACK_HOSTS, "talents.test"] });
const signedIn = () => createSignedInUser(t.app);

const logout = (headers: Record<string, string>, app = t) =>
  app.app.inject({
    method: "POST",
    url: "/api/auth/logout",
    headers: { host: "talents.test", ...headers },
  });

const stillSignedIn = async (cookie: string) => {
  const res = await t.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
  return res.json().user !== null;
};

describe("cross-site request protection", () => {
  it("refuses a mutation with a forged Origin with 403 cross-site-request, before the handler runs", async () => {
    const { cookie } = await signedIn();
    const res = await logout({ cookie, origin: "https://evil.example" });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("cross-site-request");
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it.each(["cross-site", "same-site"])("refuses Sec-Fetch-Site: %s", async (site) => {
    const { cookie } = await signedIn();
    const res = await logout({ cookie, "sec-fetch-site": site });
    expect(res.statusCode).toBe(403);
    expect(res.json().error.code).toBe("cross-site-request");
    expect(await stillSignedIn(cookie)).toBe(true);
  });

  it.each<{ case: string; headers: Record<string, string>; status: number }>([
    {
      case: "refuses a forged Origin even when Sec-Fetch-Site claims same-origin",
      headers: { origin: "https://evil.example", "sec-fetch-site": "same-origin" },
      status: 403,
    },
    {
      case: "refuses the opaque Origin null (sandboxed frames)",
      headers: { origin: "null" },
      status: 403,
    },
    {
      case: "treats a default port in Host as the same origin",
      headers: { host: "talents.test:80", origin: "http://talents.test" },
      status: 204,
    },
  ])("$case", async ({ headers, status }) => {
    const { cookie } = await signedIn();
    expect((await logout({ cookie, ...headers })).statusCode).toBe(status);
  });

  it("protects profile creation and sign-in too", async () => {
    const forged = { origin: "https://evil.example", host: "talents.test" };
    const users = await t.app.inject({
      method: "POST",
      url: "/api/users",
      headers: forged,
      payload: { username: "mallory" },
    });
    expect(users.statusCode).toBe(403);
    const login = await t.app.inject({
      method: "POST",
      url: "/api/auth/login",
      headers: forged,
      payload: { email: "a@b.test", password: "whatever" },
    });
    expect(login.statusCode).toBe(403);
  });

  it("lets same-origin browser requests through", async () => {
    const { cookie } = await signedIn();
    const res = await logout({
      cookie,
      origin: "http://talents.test",
      "sec-fetch-site": "same-origin",
    });
    expect(res.statusCode).toBe(204);
    expect(await stillSignedIn(cookie)).toBe(false);
  });

  it("lets Sec-Fetch-Site: none through (typed into the address bar) and requests with neither header", async () => {
    const a = await signedIn();
    expect((await logout({ cookie: a.cookie, "sec-fetch-site": "none" })).statusCode).toBe(204);
    const b = await signedIn();
    expect((await logout({ cookie: b.cookie })).statusCode).toBe(204);
  });

  it("leaves reads alone", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/me",
      headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" },
    });
    expect(res.statusCode).toBe(200);
  });

  it("compares with PUBLIC_ORIGIN when set (behind a proxy)", async () => {
    const proxied = await createTestApp({
      publicOrigin: "https://talents.example",
      allowedHosts: undefined,
    });
    try {
      const ok = await logout(
        { origin: "https://talents.example", host: "internal:3000" },
        proxied,
      );
      expect(ok.statusCode).toBe(204);
      const forged = await logout(
        { origin: "http://internal:3000", host: "internal:3000" },
        proxied,
      );
      expect(forged.statusCode).toBe(403);
    } finally {
      await proxied.close();
    }
  });

  describe("on the routed request, whatever the URL's spelling", () => {
    const ENCODED_LOGOUTS = [
      "/%61pi/auth/logout",
      "/ap%69/auth/logout",
      "/%61%70%69/auth/logout",
      "/api/auth/%6cogout",
      "/api%2Fauth%2Flogout",
    ];

    it.each(ENCODED_LOGOUTS)("refuses a forged %s with 403 and keeps the session", async (url) => {
      const { cookie } = await signedIn();
      const res = await t.app.inject({
        method: "POST",
        url,
        headers: { host: "talents.test", cookie, origin: "https://evil.example" },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("cross-site-request");
      expect(await stillSignedIn(cookie)).toBe(true);
    });

    it("refuses an encoded path to the profile edit with 403 and changes nothing", async () => {
      const { cookie } = await createSignedInUser(t.app, { username: "encoded_bio" });
      const res = await t.app.inject({
        method: "PUT",
        url: "/ap%69/users/encoded_bio",
        headers: { host: "talents.test", cookie, "sec-fetch-site": "cross-site" },
        payload: { bio: "written by another site" },
      });
      expect(res.statusCode).toBe(403);
      expect(res.json().error.code).toBe("cross-site-request");
      const profile = await t.app.inject({ url: "/api/users/username/encoded_bio" });
      expect(profile.json().user.bio).not.toBe("written by another site");
    });

    it("the encoded logout reaches the handler when it is same-origin (it is a real route)", async () => {
      const { cookie } = await signedIn();
      const res = await t.app.inject({
        method: "POST",
        url: "/%61pi/auth/logout",
        headers: { host: "talents.test", cookie, origin: "http://talents.test" },
      });
      expect(res.statusCode).toBe(204);
      expect(await stillSignedIn(cookie)).toBe(false);
    });
  });
});
