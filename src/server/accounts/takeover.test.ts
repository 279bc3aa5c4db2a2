import { eq } from "drizzle-orm";
import type { LightMyRequestResponse } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  type OidcProvider,
  startOidcProvider,
  subjectFor,
} from "../../../e2e/support/oidc-provider.ts";
import {
  accountsTestApp,
  expectInvalidToken,
  PASSWORD,
  sessionCookieOf,
  uniqueEmail,
} from "../../../test/harness/accounts.ts";
import { oauthAccounts, users } from "../db/schema.ts";

/**
 * Issue 15: someone registers an address that is not theirs (a squatter). The real owner is never
 * locked out: proving the address, by a reset link or by a Google account, takes the account.
 */

let provider: OidcProvider;
beforeAll(async () => {
  provider = await startOidcProvider();
});
afterAll(() => provider?.stop());
const t = accountsTestApp("takeover", () => ({
  google: { clientId: "ylt-test-client", clientSecret: "test-secret", discoveryUrl: provider.url },
}));

const SQUATTER_PASSWORD = "Squatter-Pass-13";

/** A squatter's account on `email`: a profile, and a pending move to an address of their own. */
async function squat(email: string) {
  const squatter = await t.register(email, SQUATTER_PASSWORD);
  const username = `squat_${Date.now().toString(36)}${Math.floor(Math.random() * 1000)}`;
  await t.createProfile(squatter.cookie, username);
  const escapeTo = uniqueEmail("squatters-own");
  const asked = await t.call({
    method: "PUT",
    url: "/api/me/email",
    cookie: squatter.cookie,
    payload: { email: escapeTo, currentPassword: SQUATTER_PASSWORD },
  });
  expect(asked.statusCode).toBe(202);
  const pendingMove = await t.latestToken(escapeTo, "/verify-email");
  return { ...squatter, username, pendingMove };
}

async function expectSquatterOut(squatter: Awaited<ReturnType<typeof squat>>) {
  expect((await t.me(squatter.cookie)).user).toBeNull();
  expect((await t.signIn(squatter.email, SQUATTER_PASSWORD)).statusCode).toBe(401);
  // The move the squatter asked for before losing the account cannot happen any more.
  expectInvalidToken(
    await t.call({
      method: "POST",
      url: "/api/auth/verify-email",
      payload: { token: squatter.pendingMove },
    }),
  );
  const [row] = await t.database.db.select().from(users).where(eq(users.id, squatter.userId));
  expect(row).toMatchObject({ email: squatter.email, emailVerified: true });
}

describe("the owner of a squatted address", () => {
  it("cannot sign up with it (409) but takes the account with a reset link", async () => {
    const email = uniqueEmail("victim");
    const squatter = await squat(email);
    const signUp = await t.call({
      method: "POST",
      url: "/api/auth/register",
      payload: { email, password: PASSWORD },
    });
    expect(signUp.statusCode).toBe(409);

    const forgot = await t.call({
      method: "POST",
      url: "/api/auth/forgot-password",
      payload: { email },
    });
    expect(forgot.statusCode).toBe(202);
    const token = await t.latestToken(email, "/reset-password");
    const res = await t.call({
      method: "POST",
      url: "/api/auth/reset-password",
      payload: { token, password: PASSWORD },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().user).toMatchObject({ id: squatter.userId, emailVerified: true });
    const owner = sessionCookieOf(res);
    expect((await t.me(owner)).profile.username).toBe(squatter.username);

    await expectSquatterOut(squatter);
    expect((await t.signIn(email, PASSWORD)).statusCode).toBe(200);
  });

  it("takes the account by signing in with a Google account that verified the address", async () => {
    const email = uniqueEmail("victim-g");
    const squatter = await squat(email);
    const res = await signInWithGoogle(email);
    expect(res.statusCode).toBe(302);
    // The squatter made a profile: the owner lands on the feed, and can edit or delete it.
    expect(res.headers.location).toBe("/feed");
    const owner = `ylt_session=${res.cookies.find((c) => c.name === "ylt_session")?.value}`;
    expect((await t.me(owner)).user).toMatchObject({ id: squatter.userId, emailVerified: true });

    const linked = await t.database.db
      .select()
      .from(oauthAccounts)
      .where(eq(oauthAccounts.userId, squatter.userId));
    expect(linked).toMatchObject([{ subject: subjectFor(email) }]);
    const [row] = await t.database.db.select().from(users).where(eq(users.id, squatter.userId));
    expect(row?.passwordHash).toBeNull();
    await expectSquatterOut(squatter);

    // Signing in with Google again is the same account.
    const again = await signInWithGoogle(email);
    const back = `ylt_session=${again.cookies.find((c) => c.name === "ylt_session")?.value}`;
    expect((await t.me(back)).user.id).toBe(squatter.userId);
  });

  it("a verified password account is never joined by Google: sign-in is refused instead", async () => {
    const email = uniqueEmail("owner");
    const account = await t.register(email);
    await t.call({
      method: "POST",
      url: "/api/auth/verify-email",
      payload: { token: await t.latestToken(email, "/verify-email") },
    });
    const res = await signInWithGoogle(email);
    expect(res.headers.location).toBe("/login?error=google");
    expect((await t.me(account.cookie)).user.id).toBe(account.userId);
    expect((await t.signIn(email)).statusCode).toBe(200);
  });
});

/** What a browser does: start, let the provider's account page answer for `email`, come back. */
async function signInWithGoogle(email: string): Promise<LightMyRequestResponse> {
  const start = await t.app.inject({ method: "GET", url: "/api/auth/google?intent=login" });
  const flow = start.cookies.find((c) => c.name === "ylt_oauth")?.value;
  const authorize = new URL(start.headers.location as string);
  authorize.searchParams.set("login_hint", email);
  const atProvider = await fetch(authorize, { redirect: "manual" });
  const callback = new URL(atProvider.headers.get("location") as string);
  return t.app.inject({
    method: "GET",
    url: `${callback.pathname}${callback.search}`,
    headers: { cookie: `ylt_oauth=${flow}` },
  });
}
