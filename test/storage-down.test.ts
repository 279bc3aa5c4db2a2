import { describe, expect, it } from "vitest";
import { createSignedInUser } from "./harness/factories.ts";
import { createTestApp } from "./harness/test-app.ts";

describe("storage down", () => {
  it("answers 503 with a clear message and Retry-After, and the app stays up", async () => {
    const t = await createTestApp();
    const user = await createSignedInUser(t.app);
    await t.database.close();
    const res = await t.app.inject({
      method: "GET",
      url: "/api/me",
      headers: { cookie: user.cookie },
    });
    expect(res.statusCode).toBe(503);
    expect(res.headers["retry-after"]).toBe("5");
    expect(res.json()).toEqual({
      error: {
        code: "storage-unavailable",
        message: "The service is briefly unavailable. Please try again in a few seconds.",
      },
    });
    const health = await t.app.inject({ method: "GET", url: "/api/health" });
    expect(health.statusCode).toBe(503);
    await t.close();
  });
});
