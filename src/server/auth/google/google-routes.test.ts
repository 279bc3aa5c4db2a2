import { eq, sql } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type OidcProvider,
  startOidcProvider,
  subjectFor,
} from "../../../../e2e/support/oidc-provider.ts";
import { freePort } from "../../../../test/harness/server-process.ts";
import { createTestApp, type TestApp } from "../../../../test/harness/test-app.ts";
import { oauthAccounts, sessions, users } from "../../db/schema.ts";

const CLIENT = { clientId: "ylt-test-client", clientSecret: "test-secret" };

let provider: OidcProvider;
let t: TestApp;
beforeAll(async () => {
  provider = await startOidcProvider();
  t = await createTestApp({ google: { ...CLIENT, discoveryUrl: provider.url } });
});
afterAll(async () => {
  await t.close();
  await provider.stop();
});

let counter = 0;
const uniqueEmail = (prefix = "g") => `${prefix}-${Date.now()}-${counter++}@example.test`;

const cookieValue = (res: LightMyRequestResponse, name: string) =>
  res.cookies.find((c) => c.name === name)?.value;

type Person = { email: string; name?: string; picture?: string; sub?: string };

/** What a browser does: start, let the provider's account page answer for `person`, come back. */
async function signInWithGoogle(
  person: Person,
  options: {
    intent?: "login" | "register";
    app?: TestApp;
    tamper?: (callback: URL) => void;
    /** Where to go once signed in (`?next=`). */
    next?: string;
  } = {},
) {
  const app = options.app ?? t;
  const query = new URLSearchParams({ intent: options.intent ?? "login" });
  if (options.next !== undefined) query.set("next", options.next);
  const start = await app.app.inject({ method: "GET", url: `/api/auth/google?${query}` });
  expect(start.statusCode).toBe(302);
  const flowCookie = cookieValue(start, "ylt_oauth");
  const authorize = new URL(start.headers.location as string);
  authorize.searchParams.set("login_hint", person.email);
  if (person.name) authorize.searchParams.set("name", person.name);
  if (person.picture) authorize.searchParams.set("picture", person.picture);
  if (person.sub) authorize.searchParams.set("sub", person.sub);
  const atProvider = await fetch(authorize, { redirect: "manual" });
  expect(atProvider.status).toBe(302);
  const callback = new URL(atProvider.headers.get("location") as string);
  options.tamper?.(callback);
  return app.app.inject({
    method: "GET",
    url: `${callback.pathname}${callback.search}`,
    headers: flowCookie ? { cookie: `ylt_oauth=${flowCookie}` } : {},
  });
}

async function me(res: LightMyRequestResponse, app = t) {
  const session = cookieValue(res, "ylt_session");
  const answer = await app.app.inject({
    method: "GET",
    url: "/api/me",
    headers: session ? { cookie: `ylt_session=${session}` } : {},
  });
  return answer.json();
}

describe("GET /api/auth/google", () => {
  it("redirects to the provider with PKCE (S256), state and nonce, keeping them in a short-lived cookie", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/auth/google?intent=register" });
    expect(res.statusCode).toBe(302);
    const url = new URL(res.headers.location as string);
    expect(`${url.origin}${url.pathname}`).toBe(`${provider.url}/authorize`);
    const q = url.searchParams;
    expect(q.get("response_type")).toBe("code");
    expect(q.get("client_id")).toBe(CLIENT.clientId);
    expect(q.get("redirect_uri")).toBe("http://localhost:80/api/auth/google/callback");
    expect(q.get("scope")?.split(" ")).toEqual(
      expect.arrayContaining(["openid", "email", "profile"]),
    );
    expect(q.get("code_challenge_method")).toBe("S256");
    expect(q.get("code_challenge")).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(q.get("state")?.length).toBeGreaterThanOrEqual(22);
    expect(q.get("nonce")?.length).toBeGreaterThanOrEqual(22);
    const cookie = res.cookies.find((c) => c.name === "ylt_oauth");
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
      path: "/api/auth/google",
      maxAge: 600,
    });
    // The browser gets only the challenge; the verifier stays in the cookie.
    const flow = JSON.parse(Buffer.from(cookie?.value ?? "", "base64url").toString());
    expect(flow).toMatchObject({
      state: q.get("state"),
      nonce: q.get("nonce"),
      intent: "register",
    });
    expect(flow.codeVerifier).not.toBe(q.get("code_challenge"));
  });

  it("builds the redirect URI from PUBLIC_ORIGIN when set", async () => {
    const proxied = await createTestApp({
      publicOrigin: "https://talents.example",
      google: { ...CLIENT, discoveryUrl: provider.url },
    });
    try {
      const res = await proxied.app.inject({ method: "GET", url: "/api/auth/google" });
      expect(new URL(res.headers.location as string).searchParams.get("redirect_uri")).toBe(
        "https://talents.example/api/auth/google/callback",
      );
      expect(res.cookies.find((c) => c.name === "__Secure-ylt_oauth")).toBeUndefined();
    } finally {
      await proxied.close();
    }
  });

  it("sends the browser back with an error when Google is not configured", async () => {
    const plain = await createTestApp({ google: undefined });
    try {
      const login = await plain.app.inject({ method: "GET", url: "/api/auth/google?intent=login" });
      expect(login.statusCode).toBe(302);
      expect(login.headers.location).toBe("/login?error=google");
      const register = await plain.app.inject({
        method: "GET",
        url: "/api/auth/google?intent=register",
      });
      expect(register.headers.location).toBe("/register?error=google-unavailable");
      const asked = await plain.app.inject({
        method: "GET",
        url: "/api/auth/google?intent=login&next=%2Fsettings",
      });
      expect(asked.headers.location).toBe("/login?error=google&next=%2Fsettings");
    } finally {
      await plain.close();
    }
  });

  it("starts without the provider, discovers it on first use, and retries after a failed discovery", async () => {
    const port = await freePort();
    const app = await createTestApp({
      google: { ...CLIENT, discoveryUrl: `http://127.0.0.1:${port}` },
    });
    let late: OidcProvider | undefined;
    try {
      const health = await app.app.inject({ method: "GET", url: "/api/health" });
      expect(health.statusCode).toBe(200);
      const down = await app.app.inject({ method: "GET", url: "/api/auth/google?intent=register" });
      expect(down.headers.location).toBe("/register?error=google-unavailable");
      late = await startOidcProvider(port);
      const up = await app.app.inject({ method: "GET", url: "/api/auth/google" });
      expect(up.statusCode).toBe(302);
      expect(up.headers.location).toMatch(
        new RegExp(`^http://127\\.0\\.0\\.1:${port}/authorize\\?`),
      );
    } finally {
      await app.close();
      await late?.stop();
    }
  });
});

describe("GET /api/auth/google/callback", () => {
  it("first time: creates the identity keyed by (issuer, subject), signs in, and goes to /createYourUser", async () => {
    const email = uniqueEmail("first");
    const res = await signInWithGoogle(
      { email, name: "Grace Hopper", picture: "https://photos.example/grace.jpg" },
      { intent: "register" },
    );
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe("/createYourUser");
    // The first time with a page to go back to: through the profile form, which goes on to it.
    const asked = await signInWithGoogle(
      { email: uniqueEmail("asked") },
      { next: "/feed?topic=Music" },
    );
    expect(asked.headers.location).toBe("/createYourUser?next=%2Ffeed%3Ftopic%3DMusic");
    const session = res.cookies.find((c) => c.name === "ylt_session");
    expect(session).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    // The one-time flow cookie is cleared.
    expect(cookieValue(res, "ylt_oauth")).toBe("");
    const { user, profile } = await me(res);
    expect(user).toEqual({
      id: expect.any(String),
      email,
      displayName: "Grace Hopper",
      photoURL: "https://photos.example/grace.jpg",
      emailVerified: true,
    });
    expect(profile).toBeNull();
    const [account] = await t.database.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, user.id));
    expect(account).toMatchObject({ issuer: provider.url, subject: subjectFor(email) });
  });

  it.each([
    ["plain http", "http://photos.example/grace.jpg"],
    ["a script URL", "javascript:alert(1)"],
    ["a data URL", "data:image/svg+xml,<svg/>"],
    ["not a URL", "grace.jpg"],
  ])("keeps no picture when the provider's is %s (https only)", async (_label, picture) => {
    const res = await signInWithGoogle({ email: uniqueEmail("pic"), picture });
    const { user } = await me(res);
    expect(user.photoURL).toBeNull();
    const [row] = await t.database.db.select().from(users).where(eq(users.id, user.id));
    expect(row?.photoUrl).toBeNull();
  });

  it("returning: the same account signs in to the same identity, and goes to /feed once it has a profile", async () => {
    const email = uniqueEmail("back");
    const first = await signInWithGoogle({ email });
    const firstUser = (await me(first)).user;
    const created = await t.app.inject({
      method: "POST",
      url: "/api/users",
      headers: { cookie: `ylt_session=${cookieValue(first, "ylt_session")}` },
      payload: { username: `back_${counter++}` },
    });
    expect(created.statusCode).toBe(201);
    expect(created.json().user.img_url).toMatch(/^\/api\/avatars\//);

    const again = await signInWithGoogle({ email });
    expect(again.headers.location).toBe("/feed");
    // Issue 20: back to the page that asked for sign-in, never to another site.
    const back = await signInWithGoogle({ email }, { next: "/settings?tab=1" });
    expect(back.headers.location).toBe("/settings?tab=1");
    for (const elsewhere of ["//evil.test/", "https://evil.test/", "/\\evil.test"]) {
      const kept = await signInWithGoogle({ email }, { next: elsewhere });
      expect(kept.headers.location).toBe("/feed");
    }
    const second = await me(again);
    expect(second.user.id).toBe(firstUser.id);
    expect(second.profile.username).toBe(created.json().user.username);
    expect(cookieValue(again, "ylt_session")).not.toBe(cookieValue(first, "ylt_session"));
  });

  it("never links to an existing account that verified the email", async () => {
    const email = uniqueEmail("owned");
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email, password: "Kettle-Mango-42" },
    });
    expect(registered.statusCode).toBe(201);
    // Verified as by its link (an unverified account is taken over: accounts/takeover.test.ts).
    await t.database.db.update(users).set({ emailVerified: true }).where(eq(users.email, email));
    const viaRegister = await signInWithGoogle({ email }, { intent: "register" });
    expect(viaRegister.statusCode).toBe(302);
    expect(viaRegister.headers.location).toBe(
      "/register?error=account-exists-with-different-credential",
    );
    expect(cookieValue(viaRegister, "ylt_session")).toBeUndefined();
    const viaLogin = await signInWithGoogle({ email }, { intent: "login" });
    expect(viaLogin.headers.location).toBe("/login?error=google");
    const linked = await t.database.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.subject, subjectFor(email)));
    expect(linked).toEqual([]);
    const withEmail = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(withEmail).toHaveLength(1);
  });

  it("keys accounts by subject: another subject with a new email is another identity", async () => {
    const a = await me(
      await signInWithGoogle({ email: uniqueEmail("a"), sub: `subject-${counter++}` }),
    );
    const b = await me(
      await signInWithGoogle({ email: uniqueEmail("b"), sub: `subject-${counter++}` }),
    );
    expect(a.user.id).not.toBe(b.user.id);
  });

  it("refuses a tampered state", async () => {
    const res = await signInWithGoogle(
      { email: uniqueEmail("state") },
      { tamper: (callback) => callback.searchParams.set("state", "forged-state") },
    );
    expect(res.headers.location).toBe("/login?error=google");
    expect(cookieValue(res, "ylt_session")).toBeUndefined();
  });

  it("refuses an ID token whose nonce is not the one sent", async () => {
    const forgeNonce = (token: { payload: Record<string, unknown> }) => {
      if ("nonce" in token.payload) token.payload.nonce = "forged-nonce";
    };
    provider.service.on("beforeTokenSigning", forgeNonce);
    try {
      const res = await signInWithGoogle({ email: uniqueEmail("nonce") }, { intent: "register" });
      expect(res.headers.location).toBe("/register?error=google-failed");
      expect(cookieValue(res, "ylt_session")).toBeUndefined();
    } finally {
      provider.service.off("beforeTokenSigning", forgeNonce);
    }
  });

  it("refuses a callback without the browser's flow cookie (another browser, or expired)", async () => {
    const start = await t.app.inject({ method: "GET", url: "/api/auth/google" });
    const authorize = new URL(start.headers.location as string);
    authorize.searchParams.set("login_hint", uniqueEmail("nocookie"));
    const callback = new URL(
      (await fetch(authorize, { redirect: "manual" })).headers.get("location") as string,
    );
    const res = await t.app.inject({
      method: "GET",
      url: `${callback.pathname}${callback.search}`,
    });
    expect(res.headers.location).toBe("/login?error=google");
    expect(cookieValue(res, "ylt_session")).toBeUndefined();
  });

  it("refuses a garbled flow cookie", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/auth/google/callback?code=x&state=y",
      headers: { cookie: "ylt_oauth=not-base64-json" },
    });
    expect(res.headers.location).toBe("/login?error=google");
  });

  it("reports a cancelled sign-in to the page it started from", async () => {
    for (const [intent, location] of [
      ["login", "/login?error=google"],
      ["register", "/register?error=google-cancelled"],
    ] as const) {
      const start = await t.app.inject({ method: "GET", url: `/api/auth/google?intent=${intent}` });
      const state = new URL(start.headers.location as string).searchParams.get("state");
      const res = await t.app.inject({
        method: "GET",
        url: `/api/auth/google/callback?error=access_denied&state=${state}`,
        headers: { cookie: `ylt_oauth=${cookieValue(start, "ylt_oauth")}` },
      });
      expect(res.headers.location).toBe(location);
      expect(cookieValue(res, "ylt_session")).toBeUndefined();
    }
  });

  it("cannot replay a code: the second use fails", async () => {
    const start = await t.app.inject({ method: "GET", url: "/api/auth/google" });
    const flow = `ylt_oauth=${cookieValue(start, "ylt_oauth")}`;
    const authorize = new URL(start.headers.location as string);
    authorize.searchParams.set("login_hint", uniqueEmail("replay"));
    const callback = new URL(
      (await fetch(authorize, { redirect: "manual" })).headers.get("location") as string,
    );
    const url = `${callback.pathname}${callback.search}`;
    const first = await t.app.inject({ method: "GET", url, headers: { cookie: flow } });
    expect(first.headers.location).toBe("/createYourUser");
    const replay = await t.app.inject({ method: "GET", url, headers: { cookie: flow } });
    expect(replay.headers.location).toBe("/login?error=google");
    expect(cookieValue(replay, "ylt_session")).toBeUndefined();
  });
});

describe("Google sign-in of a suspended account (issue 16)", () => {
  async function suspendedGoogleAccount(until: string) {
    const email = uniqueEmail("suspended");
    const { user } = await me(await signInWithGoogle({ email }));
    await t.database.db
      .update(users)
      .set({ suspendedUntil: sql`${until}::timestamptz` })
      .where(eq(users.id, user.id));
    await t.database.db.delete(sessions).where(eq(sessions.userId, user.id));
    return { email, userId: user.id as string };
  }

  it("starts no session and sends the browser to /login with the error and until when", async () => {
    const { email, userId } = await suspendedGoogleAccount("2100-03-04T05:06:07Z");
    for (const intent of ["login", "register"] as const) {
      const res = await signInWithGoogle({ email }, { intent });
      expect(res.statusCode).toBe(302);
      expect(res.headers.location).toBe(
        "/login?error=account-suspended&until=2100-03-04T05%3A06%3A07.000Z",
      );
      expect(cookieValue(res, "ylt_session")).toBeUndefined();
    }
    expect(await t.database.db.$count(sessions, eq(sessions.userId, userId))).toBe(0);
  });

  it("says 'indefinite' for a suspension until lifted, and signs in again once it is over", async () => {
    const { email, userId } = await suspendedGoogleAccount("infinity");
    const refused = await signInWithGoogle({ email });
    expect(refused.headers.location).toBe("/login?error=account-suspended&until=indefinite");
    await t.database.db
      .update(users)
      .set({ suspendedUntil: sql`now() - interval '1 minute'` })
      .where(eq(users.id, userId));
    const back = await signInWithGoogle({ email });
    expect(back.headers.location).toBe("/createYourUser");
    expect((await me(back)).user.id).toBe(userId);
  });
});
