import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  expectFieldError,
  nextAddress,
  PASSWORD,
  uniqueEmail,
} from "../../../test/harness/accounts.ts";
import {
  createTestApp,
  type TestApp,
  testAppClosedAfterAll,
} from "../../../test/harness/test-app.ts";
import { users } from "../db/schema.ts";

const t = testAppClosedAfterAll();

// Each request from its own address, so the per-IP limits (tested in sign-in-limits.test.ts) stay out of the way.
function post(
  app: Pick<TestApp, "app">,
  url: string,
  payload?: unknown,
  headers: Record<string, string> = {},
) {
  return app.app.inject({
    method: "POST",
    url,
    payload: payload as object,
    headers,
    remoteAddress: nextAddress(),
  });
}
const register = (email: string, password = PASSWORD, app = t) =>
  post(app, "/api/auth/register", { email, password });
const login = (email: string, password = PASSWORD, app = t, headers: Record<string, string> = {}) =>
  post(app, "/api/auth/login", { email, password }, headers);

function sessionCookie(res: { cookies: { name: string; value: string }[] }): string {
  const cookie = res.cookies.find((c) => c.name === "ylt_session");
  if (!cookie) throw new Error("no session cookie set");
  return `ylt_session=${cookie.value}`;
}

/** The answer about an account just made with email and password. */
const freshIdentity = (email: string) => ({
  user: {
    id: expect.any(String),
    email,
    displayName: null,
    photoURL: null,
    emailVerified: false,
  },
});

async function me(cookie: string, app = t) {
  const res = await app.app.inject({ method: "GET", url: "/api/me", headers: { cookie } });
  return res.json();
}

describe("POST /api/auth/register", () => {
  it("creates the account, answers 201 with the identity and signs it in", async () => {
    const email = uniqueEmail("new");
    const res = await register(email);
    expect(res.statusCode).toBe(201);
    const body = res.json();
    expect(body).toEqual(freshIdentity(email));
    const cookie = res.cookies.find((c) => c.name === "ylt_session");
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/" });
    expect(cookie?.secure).toBeFalsy();
    expect(cookie?.value.length).toBeGreaterThanOrEqual(43); // 256 random bits, base64url
    const session = await me(sessionCookie(res));
    expect(session.user.id).toBe(body.user.id);
    expect(session.profile).toBeNull();
  });

  it("stores the email trimmed and lower-cased", async () => {
    const email = uniqueEmail("mixed");
    const res = await register(`  ${email.toUpperCase()} `);
    expect(res.statusCode).toBe(201);
    expect(res.json().user.email).toBe(email);
  });

  it("stores an argon2id hash (m=19456, t=2, p=1), never the password, and never returns it", async () => {
    const email = uniqueEmail("hash");
    const res = await register(email);
    expect(res.body).not.toContain(PASSWORD);
    expect(res.body).not.toMatch(/argon2|password/i);
    const [row] = await t.database.db.select().from(users).where(eq(users.email, email));
    expect(row?.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect(row?.passwordHash).not.toContain(PASSWORD);
  });

  it.each(["", "not-an-email", "a@", "@example.test", "two@@example.test", "sp ace@example.test"])(
    "refuses the email %j with 400 invalid-email",
    async (email) => {
      const res = await register(email);
      expectFieldError(res, 400, "invalid-email", "email");
    },
  );

  it.each(["", "   "])(
    "asks for the email %j rather than calling it badly formatted",
    async (email) => {
      for (const path of ["/api/auth/register", "/api/auth/login"]) {
        const res = await t.app.inject({
          method: "POST",
          url: path,
          payload: { email, password: PASSWORD },
        });
        expect(res.statusCode).toBe(400);
        expect(res.json().error).toMatchObject({
          code: "invalid-email",
          message: "Enter your email.",
          fields: { email: "Enter your email." },
        });
      }
    },
  );

  it.each([
    ["5 characters", "kq7vz", "at least 6"],
    ["a common password", "password1", "too common"],
    ["a common password in capitals", "QWERTY123", "too common"],
    ["129 characters", `${"x7".repeat(64)}q`, "at most 128"],
    ["a password of spaces only", "        ", "only spaces"],
    [
      "a password of tabs, line breaks and no-break spaces",
      "\t\n\u00a0\u3000 \u200b\t",
      "only spaces",
    ],
  ])("refuses %s with 400 weak-password", async (_label, password, message) => {
    const res = await register(uniqueEmail("weak"), password);
    expect(res.statusCode).toBe(400);
    const error = res.json().error;
    expect(error.code).toBe("weak-password");
    expect(error.message).toContain(message);
    expect(error.fields.password).toContain(message);
  });

  it("accepts 6 uncommon characters", async () => {
    expect((await register(uniqueEmail("six"), "kq7vz3")).statusCode).toBe(201);
  });

  it("refuses an email already in use, in any case, with 409 email-already-in-use", async () => {
    const email = uniqueEmail("dup");
    expect((await register(email)).statusCode).toBe(201);
    for (const again of [email, email.toUpperCase()]) {
      const res = await register(again, "another-Pass-99");
      expect(res.statusCode).toBe(409);
      expect(res.json().error.code).toBe("email-already-in-use");
      expect(res.cookies.find((c) => c.name === "ylt_session")).toBeUndefined();
    }
  });

  it("answers 409 to one of two simultaneous registrations of one email, never a 500", async () => {
    const email = uniqueEmail("race");
    const answers = await Promise.all([register(email), register(email)]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });

  it("answers 400 invalid-input for a malformed body, never a 500", async () => {
    for (const payload of [{}, { email: 1, password: 2 }, { email: "a@b.test" }]) {
      const res = await post(t, "/api/auth/register", payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error.code).toBe("invalid-input");
    }
    const notJson = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      headers: { "content-type": "application/json" },
      payload: "{nope",
    });
    expect(notJson.statusCode).toBe(400);
  });
});

describe("POST /api/auth/login", () => {
  let email: string;
  let registeredCookie: string;
  beforeAll(async () => {
    email = uniqueEmail("signin");
    registeredCookie = sessionCookie(await register(email));
  });

  it("answers 200 with the identity and a new session each time", async () => {
    const first = await login(email);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual(freshIdentity(email));
    const second = await login(email);
    const [a, b] = [sessionCookie(first), sessionCookie(second)];
    expect(new Set([a, b, registeredCookie]).size).toBe(3);
    expect((await me(a)).user.email).toBe(email);
    expect((await me(b)).user.email).toBe(email);
  });

  it("accepts the email in any case and with spaces around it", async () => {
    expect((await login(` ${email.toUpperCase()} `)).statusCode).toBe(200);
  });

  it("revokes the session the browser had before signing in (no session fixation)", async () => {
    const before = sessionCookie(await login(email));
    const res = await login(email, PASSWORD, t, { cookie: before });
    expect(res.statusCode).toBe(200);
    expect(sessionCookie(res)).not.toBe(before);
    expect((await me(before)).user).toBeNull();
  });

  it("with enumeration protection on, a wrong password and an unknown email give the same answer", async () => {
    const wrong = await login(email, "not-the-password");
    const unknown = await login(uniqueEmail("nobody"));
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        error: { code: "invalid-credential", message: "The email or password is incorrect." },
      });
      expect(res.cookies.find((c) => c.name === "ylt_session")).toBeUndefined();
    }
  });

  it("refuses a badly formed email with 400 invalid-email", async () => {
    const res = await login("not-an-email");
    expect(res.statusCode).toBe(400);
    expect(res.json().error.code).toBe("invalid-email");
  });

  it("refuses a password sign-in to an account that only signs in with Google", async () => {
    const googleOnly = uniqueEmail("google-only");
    await t.database.db.insert(users).values({ email: googleOnly, emailVerified: true });
    const res = await login(googleOnly, "");
    expect(res.statusCode).toBe(401);
    expect(res.json().error.code).toBe("invalid-credential");
  });
});

describe("POST /api/auth/login with enumeration protection off", () => {
  let off: TestApp;
  beforeAll(async () => {
    off = await createTestApp({ auth: { ...t.app.config.auth, enumerationProtection: false } });
  });
  afterAll(() => off.close());

  it("answers user-not-found for an unknown email and wrong-password for a known one", async () => {
    const email = uniqueEmail("off");
    await register(email, PASSWORD, off);
    const unknown = await login(uniqueEmail("nobody"), PASSWORD, off);
    expect(unknown.statusCode).toBe(401);
    expect(unknown.json().error.code).toBe("user-not-found");
    const wrong = await login(email, "not-the-password", off);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().error.code).toBe("wrong-password");
    expect((await login(email, PASSWORD, off)).statusCode).toBe(200);
  });
});

describe("POST /api/auth/logout", () => {
  it("answers 204, clears the cookie and revokes the session on the server", async () => {
    const cookie = sessionCookie(await register(uniqueEmail("bye")));
    expect((await me(cookie)).user).not.toBeNull();
    const res = await post(t, "/api/auth/logout", undefined, { cookie });
    expect(res.statusCode).toBe(204);
    const cleared = res.cookies.find((c) => c.name === "ylt_session");
    expect(cleared?.value).toBe("");
    expect(cleared?.expires?.getTime() ?? Number.POSITIVE_INFINITY).toBeLessThanOrEqual(Date.now());
    // A client that kept the old cookie is signed out all the same.
    expect(await me(cookie)).toEqual({ user: null, profile: null });
  });

  it("answers 204 when already signed out", async () => {
    expect((await post(t, "/api/auth/logout")).statusCode).toBe(204);
  });
});

describe("session cookie in production", () => {
  it("reads only the __Host- cookie: the unprefixed name (cookie tossing) is ignored", async () => {
    const prod = await createTestApp({
      nodeEnv: "production",
      publicOrigin: "https://talents.example",
    });
    try {
      const res = await register(uniqueEmail("tossed"), PASSWORD, prod);
      const token = res.cookies.find((c) => c.name === "__Host-ylt_session")?.value;
      expect(token).toBeTruthy();
      expect((await me(`ylt_session=${token}`, prod)).user).toBeNull();
      expect((await me(`__Host-ylt_session=${token}`, prod)).user).not.toBeNull();
    } finally {
      await prod.close();
    }
  });

  it("is Secure with the __Host- prefix", async () => {
    const prod = await createTestApp({ nodeEnv: "production" });
    try {
      const res = await register(uniqueEmail("prod"), PASSWORD, prod);
      const cookie = res.cookies.find((c) => c.name === "__Host-ylt_session");
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax", path: "/" });
      const session = await me(`__Host-ylt_session=${cookie?.value}`, prod);
      expect(session.user.email).toBe(res.json().user.email);
    } finally {
      await prod.close();
    }
  });
});
