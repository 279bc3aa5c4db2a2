import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/harness/test-app.ts";

/** Issue 32: POST /api/test/clock exists only with TEST_CLOCK, and moves the app's clock. */
describe("the test clock's route", () => {
  it("is not there without TEST_CLOCK", async () => {
    const t = await createTestApp();
    try {
      const res = await t.app.inject({
        method: "POST",
        url: "/api/test/clock",
        payload: { advanceSeconds: 60 },
      });
      expect(res.statusCode).toBe(404);
    } finally {
      await t.close();
    }
  });

  it("moves the app's clock forward with TEST_CLOCK", async () => {
    const t = await createTestApp({ testClock: true });
    try {
      const before = t.app.clock.now().getTime();
      const res = await t.app.inject({
        method: "POST",
        url: "/api/test/clock",
        payload: { advanceSeconds: 86_400 },
      });
      expect(res.statusCode, res.body).toBe(200);
      expect(Date.parse(res.json().now) - before).toBeGreaterThanOrEqual(86_400_000);
      expect(t.app.clock.now().getTime() - before).toBeGreaterThanOrEqual(86_400_000);
      const backwards = await t.app.inject({
        method: "POST",
        url: "/api/test/clock",
        payload: { advanceSeconds: -1 },
      });
      expect(backwards.statusCode).toBe(400);
    } finally {
      await t.close();
    }
  });
});
