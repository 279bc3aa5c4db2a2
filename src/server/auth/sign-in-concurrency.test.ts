import { afterAll, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";
import { buildApp } from "../app.ts";

/** Counts the password verifications the server really runs, on every app instance in this process. */
const verifications = vi.hoisted(() => ({
  started: 0,
  waiters: [] as { atLeast: number; resolve: () => void }[],
}));

vi.mock("./password-hashing.ts", async (importOriginal) => {
  const actual = await importOriginal<typeof import("./password-hashing.ts")>();
  return {
    ...actual,
    verifyPassword: (stored: string | null, password: string) => {
      verifications.started++;
      for (const waiter of verifications.waiters) {
        if (verifications.started >= waiter.atLeast) waiter.resolve();
      }
      return actual.verifyPassword(stored, password);
    },
  };
});

const verificationsStarted = (atLeast: number) =>
  new Promise<void>((resolve) => {
    if (verifications.started >= atLeast) resolve();
    else verifications.waiters.push({ atLeast, resolve });
  });

let counter = 0;
const uniqueEmail = (prefix: string) => `${prefix}-${Date.now()}-${counter++}@example.test`;
const PASSWORD = "Kettle-Mango-42";
const LIMIT = 5;

let address = 0;
const login = (app: TestApp["app"], email: string, password: string) =>
  app.inject({
    method: "POST",
    url: "/api/auth/login",
    payload: { email, password },
    // Each guess from its own address, so only the per-account limit can stop them.
    remoteAddress: `10.30.${Math.floor(address / 250)}.${(address++ % 250) + 1}`,
  });

describe("per-account limit under concurrency (the check and the count are one step)", () => {
  let t: TestApp;
  let second: TestApp["app"];
  beforeAll(async () => {
    t = await createTestApp();
    second = await buildApp({ config: t.app.config, database: t.database, logger: false });
    await second.ready();
  });
  afterAll(async () => {
    await second.close();
    await t.close();
  });
  beforeEach(() => {
    verifications.started = 0;
    verifications.waiters = [];
  });

  it("has the limit the counts below assume", () => {
    expect(t.app.config.auth.maxFailedSignIns).toBe(LIMIT);
  });

  it("evaluates at most the limit of 30 parallel wrong guesses; the rest answer 429", async () => {
    const email = uniqueEmail("burst");
    await login(t.app, email, "warm-up-wrong"); // one failure already counted
    verifications.started = 0;
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(t.app, email, `wrong-${i}`)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(verifications.started).toBeLessThanOrEqual(LIMIT - 1);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT - 1);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - (LIMIT - 1));
  });

  it("holds across two instances sharing one database", async () => {
    const email = uniqueEmail("two-instances");
    const answers = await Promise.all(
      Array.from({ length: 30 }, (_, i) => login(i % 2 ? second : t.app, email, `wrong-${i}`)),
    );
    const statuses = answers.map((res) => res.statusCode);
    expect(verifications.started).toBeLessThanOrEqual(LIMIT);
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(statuses.filter((s) => s === 429)).toHaveLength(30 - LIMIT);
  });

  it("refuses the right password sent in the middle of a burst once the limit is reached", async () => {
    const email = uniqueEmail("mid-burst");
    const registered = await t.app.inject({
      method: "POST",
      url: "/api/auth/register",
      payload: { email, password: PASSWORD },
      remoteAddress: "10.31.0.1",
    });
    expect(registered.statusCode).toBe(201);
    const burst = Array.from({ length: 29 }, (_, i) =>
      login(i % 2 ? second : t.app, email, `wrong-${i}`),
    );
    // The right guess goes out while the first wrong ones are still being checked.
    await verificationsStarted(LIMIT);
    const right = await login(t.app, email, PASSWORD);
    const statuses = (await Promise.all(burst)).map((res) => res.statusCode);
    expect(right.statusCode).toBe(429);
    expect(right.cookies.find((c) => c.name === "ylt_session")).toBeUndefined();
    expect(statuses.filter((s) => s === 401)).toHaveLength(LIMIT);
    expect(verifications.started).toBe(LIMIT);
  });
});
