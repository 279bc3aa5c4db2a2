import { eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";
import { buildApp } from "../app.ts";
import { signInFailures, trustedDevices } from "../db/schema.ts";
import { hashToken } from "./secret-token.ts";

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${counter++}@example.test`;
const PASSWORD = "Kettle-Mango-42";

const post = (
  t: { app: TestApp["app"] },
  url: string,
  payload: object,
  remoteAddress = "127.0.0.1",
  cookie?: string,
) =>
  t.app.inject({
    method: "POST",
    url,
    payload,
    remoteAddress,
    ...(cookie ? { headers: { cookie } } : {}),
  });

describe("per-account limit on failed sign-ins (in the database)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  const login = (email: string, password: string, remoteAddress?: string) =>
    post(t, "/api/auth/login", { email, password }, remoteAddress);

  it("has the defaults of the issue: 5 failures per 15 minutes", () => {
    expect(t.app.config.auth.maxFailedSignIns).toBe(5);
    expect(t.app.config.auth.failedSignInWindowMinutes).toBe(15);
  });

  it("answers 429 too-many-requests with Retry-After after 5 failures, even to the right password", async () => {
    const email = uniqueEmail("locked");
    expect((await post(t, "/api/auth/register", { email, password: PASSWORD })).statusCode).toBe(
      201,
    );
    // Spread over several IPs, so only the per-account limit can be what stops them.
    for (let i = 0; i < 5; i++) {
      const res = await login(email, `wrong-${i}`, `10.0.0.${i + 1}`);
      expect(res.statusCode).toBe(401);
    }
    const blocked = await login(email, PASSWORD, "10.0.1.1");
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("too-many-requests");
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    expect(blocked.cookies.find((c) => c.name === "ylt_session")).toBeUndefined();
  });

  it("counts unknown emails the same way, so the limit reveals nothing", async () => {
    const email = uniqueEmail("ghost");
    for (let i = 0; i < 5; i++) {
      expect((await login(email, "whatever", `10.0.2.${i + 1}`)).statusCode).toBe(401);
    }
    expect((await login(email, "whatever", "10.0.3.1")).statusCode).toBe(429);
  });

  it("does not affect other accounts", async () => {
    const other = uniqueEmail("other");
    await post(t, "/api/auth/register", { email: other, password: PASSWORD }, "10.0.4.1");
    const victim = uniqueEmail("victim");
    for (let i = 0; i < 5; i++) await login(victim, "nope", `10.0.5.${i + 1}`);
    expect((await login(victim, "nope", "10.0.5.9")).statusCode).toBe(429);
    expect((await login(other, PASSWORD, "10.0.4.2")).statusCode).toBe(200);
  });

  it("forgets failures older than the window", async () => {
    const email = uniqueEmail("old");
    await post(t, "/api/auth/register", { email, password: PASSWORD }, "10.0.6.1");
    await t.database.db.insert(signInFailures).values(
      Array.from({ length: 5 }, () => ({
        accountKey: email,
        at: sql`now() - interval '16 minutes'`,
      })) as { accountKey: string }[],
    );
    expect((await login(email, PASSWORD, "10.0.6.2")).statusCode).toBe(200);
  });

  it("waits until the oldest counted failure leaves the window", async () => {
    const email = uniqueEmail("partial");
    await t.database.db
      .insert(signInFailures)
      .values([
        { accountKey: email, at: sql`now() - interval '10 minutes'` },
        ...Array.from({ length: 4 }, () => ({ accountKey: email })),
      ] as { accountKey: string }[]);
    const blocked = await login(email, "x", "10.0.7.1");
    expect(blocked.statusCode).toBe(429);
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(4 * 60);
    expect(retryAfter).toBeLessThanOrEqual(5 * 60);
  });

  it("starts counting again after a successful sign-in", async () => {
    const email = uniqueEmail("reset");
    await post(t, "/api/auth/register", { email, password: PASSWORD }, "10.0.8.1");
    for (let i = 0; i < 4; i++) await login(email, "nope", `10.0.8.${i + 2}`);
    expect((await login(email, PASSWORD, "10.0.8.10")).statusCode).toBe(200);
    for (let i = 0; i < 4; i++) {
      expect((await login(email, "nope", `10.0.9.${i + 1}`)).statusCode).toBe(401);
    }
    expect((await login(email, PASSWORD, "10.0.9.10")).statusCode).toBe(200);
  });

  it("is shared by every instance on the same database", async () => {
    const other = await buildApp({ config: t.app.config, database: t.database, logger: false });
    try {
      const email = uniqueEmail("shared");
      for (let i = 0; i < 3; i++) await login(email, "nope", `10.1.0.${i + 1}`);
      for (let i = 0; i < 2; i++) {
        await post(
          { app: other },
          "/api/auth/login",
          { email, password: "nope" },
          `10.1.1.${i + 1}`,
        );
      }
      const res = await post(
        { app: other },
        "/api/auth/login",
        { email, password: "x" },
        "10.1.2.1",
      );
      expect(res.statusCode).toBe(429);
      expect((await login(email, "x", "10.1.2.2")).statusCode).toBe(429);
    } finally {
      await other.close();
    }
  });

  it("follows AUTH_MAX_FAILED_SIGNINS", async () => {
    const strict = await createTestApp({
      auth: { ...t.app.config.auth, maxFailedSignIns: 2, failedSignInWindowMinutes: 1 },
    });
    try {
      const email = uniqueEmail("strict");
      for (let i = 0; i < 2; i++) {
        expect((await post(strict, "/api/auth/login", { email, password: "x" })).statusCode).toBe(
          401,
        );
      }
      const res = await post(strict, "/api/auth/login", { email, password: "x" });
      expect(res.statusCode).toBe(429);
      expect(Number(res.headers["retry-after"])).toBeLessThanOrEqual(60);
    } finally {
      await strict.close();
    }
  });
});

describe("pruning old failures", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  it("drops every email's failures older than the window, unknown emails too, and expired devices", async () => {
    const stale = [uniqueEmail("stale-known"), uniqueEmail("stale-unknown")];
    const recent = uniqueEmail("recent");
    await post(t, "/api/auth/register", { email: stale[0], password: PASSWORD }, "10.4.0.1");
    await t.database.db
      .insert(signInFailures)
      .values([
        ...stale.map((accountKey) => ({ accountKey, at: sql`now() - interval '16 minutes'` })),
        { accountKey: recent, at: sql`now() - interval '14 minutes'` },
      ] as { accountKey: string }[]);
    await t.database.db.insert(trustedDevices).values([
      { tokenHash: "expired-device", accountKey: stale[0] as string, expiresAt: new Date(0) },
      {
        tokenHash: "live-device",
        accountKey: stale[0] as string,
        expiresAt: new Date(Date.now() + 60_000),
      },
    ]);

    // Any failed sign-in, for an unrelated email, sweeps the table.
    expect(
      (await post(t, "/api/auth/login", { email: uniqueEmail("x"), password: "x" }, "10.4.0.2"))
        .statusCode,
    ).toBe(401);

    const keys = await t.database.db
      .select({ key: signInFailures.accountKey })
      .from(signInFailures)
      .where(inArray(signInFailures.accountKey, [...stale, recent]));
    expect(keys.map((row) => row.key)).toEqual([recent]);
    const devices = await t.database.db
      .select({ tokenHash: trustedDevices.tokenHash })
      .from(trustedDevices)
      .where(inArray(trustedDevices.tokenHash, ["expired-device", "live-device"]));
    expect(devices.map((row) => row.tokenHash)).toEqual(["live-device"]);
  });
});

describe("trusted browsers (OWASP device cookie)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(() => t.close());

  let address = 0;
  const login = (email: string, password: string, cookie?: string) =>
    post(
      t,
      "/api/auth/login",
      { email, password },
      `10.5.${address >> 8}.${address++ & 255}`,
      cookie,
    );
  const deviceCookieOf = (res: { cookies: { name: string; value: string }[] }) => {
    const cookie = res.cookies.find((c) => c.name === "ylt_device");
    if (!cookie) throw new Error("no device cookie set");
    return `ylt_device=${cookie.value}`;
  };
  const registerWithDevice = async (email: string) =>
    deviceCookieOf(await post(t, "/api/auth/register", { email, password: PASSWORD }, "10.6.0.1"));
  const lockOut = async (email: string, cookie?: string) => {
    for (let i = 0; i < 5; i++)
      expect((await login(email, `wrong-${i}`, cookie)).statusCode).toBe(401);
  };

  it("is given on a successful sign-in: httpOnly, SameSite=Lax, for 180 days, bound to the account", async () => {
    const email = uniqueEmail("device");
    await registerWithDevice(email);
    const res = await login(email, PASSWORD);
    expect(res.statusCode).toBe(200);
    const cookie = res.cookies.find((c) => c.name === "ylt_device");
    expect(cookie).toMatchObject({
      httpOnly: true,
      sameSite: "Lax",
      path: "/",
      maxAge: 180 * 24 * 60 * 60,
    });
    const [row] = await t.database.db
      .select()
      .from(trustedDevices)
      .where(eq(trustedDevices.tokenHash, hashToken(cookie?.value ?? "")));
    expect(row?.accountKey).toBe(email);
  });

  it("lets the owner's browser in while strangers' failures have the account locked", async () => {
    const email = uniqueEmail("owner");
    const device = await registerWithDevice(email);
    await lockOut(email);
    const stranger = await login(email, PASSWORD);
    expect(stranger.statusCode).toBe(429);
    const owner = await login(email, PASSWORD, device);
    expect(owner.statusCode).toBe(200);
    expect(owner.cookies.find((c) => c.name === "ylt_session")?.value).toBeTruthy();
    // The owner getting in does not unlock the account for everyone else.
    expect((await login(email, PASSWORD)).statusCode).toBe(429);
  });

  it("counts a trusted browser's own failures on that browser and locks only it", async () => {
    const email = uniqueEmail("clumsy");
    const device = await registerWithDevice(email);
    await lockOut(email, device);
    const locked = await login(email, PASSWORD, device);
    expect(locked.statusCode).toBe(429);
    expect(locked.json().error.fields.pausedUntil).toEqual(expect.any(String));
    expect((await login(email, PASSWORD)).statusCode).toBe(200);
  });

  it("does not exempt a browser trusted for another account, or an unknown token", async () => {
    const owner = uniqueEmail("first");
    const device = await registerWithDevice(owner);
    const target = uniqueEmail("target");
    await post(t, "/api/auth/register", { email: target, password: PASSWORD }, "10.6.0.2");
    await lockOut(target);
    expect((await login(target, PASSWORD, device)).statusCode).toBe(429);
    expect((await login(target, PASSWORD, "ylt_device=made-up")).statusCode).toBe(429);
  });

  it("answers a locked account with when sign-in resumes: Retry-After and fields.pausedUntil", async () => {
    const email = uniqueEmail("paused");
    await lockOut(email);
    const before = Date.now();
    const res = await login(email, "x");
    expect(res.statusCode).toBe(429);
    const { error } = res.json();
    expect(error.code).toBe("too-many-requests");
    expect(error.message).toMatch(
      /^Sign-in to this account is paused after too many failed attempts/,
    );
    const retryAfter = Number(res.headers["retry-after"]);
    const resumes = Date.parse(error.fields.pausedUntil);
    expect(resumes).toBeGreaterThanOrEqual(before + (retryAfter - 1) * 1000);
    expect(resumes).toBeLessThanOrEqual(Date.now() + retryAfter * 1000);
  });

  it("is Secure with the __Host- prefix in production, and only that name is read", async () => {
    const prod = await createTestApp({
      nodeEnv: "production",
      publicOrigin: "https://talents.example",
    });
    try {
      const email = uniqueEmail("prod-device");
      const res = await post(prod, "/api/auth/register", { email, password: PASSWORD }, "10.7.0.1");
      const cookie = res.cookies.find((c) => c.name === "__Host-ylt_device");
      expect(cookie).toMatchObject({ secure: true, httpOnly: true, sameSite: "Lax", path: "/" });
      for (let i = 0; i < 5; i++) {
        await post(prod, "/api/auth/login", { email, password: "x" }, `10.7.1.${i + 1}`);
      }
      const login = (cookieHeader: string) =>
        post(prod, "/api/auth/login", { email, password: PASSWORD }, "10.7.2.1", cookieHeader);
      expect((await login(`ylt_device=${cookie?.value}`)).statusCode).toBe(429);
      expect((await login(`__Host-ylt_device=${cookie?.value}`)).statusCode).toBe(200);
    } finally {
      await prod.close();
    }
  });
});

describe("per-IP limits (in memory, per instance)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({
      auth: {
        enumerationProtection: true,
        maxFailedSignIns: 100,
        failedSignInWindowMinutes: 15,
        signInPerIpPerMinute: 3,
        signUpPerIpPerHour: 2,
        forgotPasswordPerIpPerMinute: 10,
      },
    });
  });
  afterAll(() => t.close());

  it("has the defaults: 10 sign-ins per minute and 20 sign-ups per hour per IP", async () => {
    const defaults = await createTestApp();
    expect(defaults.app.config.auth.signInPerIpPerMinute).toBe(10);
    expect(defaults.app.config.auth.signUpPerIpPerHour).toBe(20);
    await defaults.close();
  });

  it("answers the sign-in past the limit 429 too-many-requests with Retry-After, per IP", async () => {
    for (let i = 0; i < 3; i++) {
      const res = await post(
        t,
        "/api/auth/login",
        { email: uniqueEmail("ip"), password: "x" },
        "10.2.0.1",
      );
      expect(res.statusCode).toBe(401);
    }
    const blocked = await post(
      t,
      "/api/auth/login",
      { email: uniqueEmail("ip"), password: "x" },
      "10.2.0.1",
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("too-many-requests");
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(60);
    // Another address is not affected.
    const elsewhere = await post(
      t,
      "/api/auth/login",
      { email: uniqueEmail("ip"), password: "x" },
      "10.2.0.2",
    );
    expect(elsewhere.statusCode).toBe(401);
  });

  it("answers the sign-up past the limit 429 too-many-requests with Retry-After, per IP", async () => {
    for (let i = 0; i < 2; i++) {
      const res = await post(
        t,
        "/api/auth/register",
        { email: uniqueEmail("su"), password: PASSWORD },
        "10.3.0.1",
      );
      expect(res.statusCode).toBe(201);
    }
    const blocked = await post(
      t,
      "/api/auth/register",
      { email: uniqueEmail("su"), password: PASSWORD },
      "10.3.0.1",
    );
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json().error.code).toBe("too-many-requests");
    const retryAfter = Number(blocked.headers["retry-after"]);
    expect(retryAfter).toBeGreaterThan(59 * 60);
    expect(retryAfter).toBeLessThanOrEqual(60 * 60);
    const elsewhere = await post(
      t,
      "/api/auth/register",
      { email: uniqueEmail("su"), password: PASSWORD },
      "10.3.0.2",
    );
    expect(elsewhere.statusCode).toBe(201);
  });
});
