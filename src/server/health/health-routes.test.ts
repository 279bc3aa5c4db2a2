import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { createTestApp, testAppClosedAfterAll } from "../../../test/harness/test-app.ts";

const t = testAppClosedAfterAll();

describe("GET /api/health", () => {
  it("reports the database up, without naming its engine", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: "ok", database: { state: "up" } });
    expect(res.body).not.toMatch(/pglite|postgres/i);
  });

  it("reports the database down with 503 once storage is gone", async () => {
    const other = await createTestApp();
    try {
      await other.database.close();
      const res = await other.app.inject({ method: "GET", url: "/api/health" });
      expect(res.statusCode).toBe(503);
      expect(res.json().database.state).toBe("down");
    } finally {
      await other.close(); // drops its database too (closing twice is harmless)
    }
  });
});

describe("unknown API paths", () => {
  it("answer a JSON 404 in the error shape", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/nothing-here?x=1" });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      error: { code: "not-found", message: "No route for GET /api/nothing-here." },
    });
  });

  it("answer JSON 404 for other methods too", async () => {
    const res = await t.app.inject({ method: "DELETE", url: "/api/articles/1/anything" });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not-found");
  });
});

describe("GET /api/me", () => {
  it("is null when signed out", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/me" });
    expect(res.json()).toEqual({ user: null, profile: null });
  });

  it("is null for an unknown session token", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: "ylt_session=forged" },
    });
    expect(res.json()).toEqual({ user: null, profile: null });
  });

  it("returns the identity and profile of the session", async () => {
    const user = await createSignedInUser(t.app, { username: "ada" });
    const res = await t.app.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.user).toEqual({
      id: user.userId,
      email: "ada@example.test",
      displayName: "ada",
      photoURL: null,
      emailVerified: true,
    });
    expect(body.profile.username).toBe("ada");
  });
});

describe("GET /api/docs", () => {
  it("serves the OpenAPI document", async () => {
    const res = await t.app.inject({ method: "GET", url: "/api/docs" });
    expect(res.statusCode).toBe(200);
    expect(res.json().paths["/api/health"]).toBeDefined();
  });
});

describe("liveness and readiness (issue 35)", () => {
  it("are live and ready while the database answers", async () => {
    const live = await t.app.inject({ method: "GET", url: "/api/health/live" });
    expect(live.statusCode).toBe(200);
    expect(live.json()).toEqual({ live: true });
    const ready = await t.app.inject({ method: "GET", url: "/api/health/ready" });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ ready: true });
  });

  it("stay live but are not ready once the database is gone, or while draining", async () => {
    const other = await createTestApp();
    try {
      other.app.readiness.drain();
      const draining = await other.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(draining.statusCode).toBe(503);
      expect(draining.json()).toEqual({ ready: false, reason: "draining" });
      // Draining still serves: the load balancer stops sending, the requests in flight end well.
      expect((await other.app.inject({ method: "GET", url: "/api/articles" })).statusCode).toBe(
        200,
      );
    } finally {
      await other.close();
    }
    const down = await createTestApp();
    try {
      await down.database.close();
      const ready = await down.app.inject({ method: "GET", url: "/api/health/ready" });
      expect(ready.statusCode).toBe(503);
      expect(ready.json()).toEqual({ ready: false, reason: "database-down" });
      const live = await down.app.inject({ method: "GET", url: "/api/health/live" });
      expect(live.statusCode).toBe(200);
    } finally {
      await down.close();
    }
  });
});
