import { describe, expect, it } from "vitest";
import { createTestApp } from "../../../test/harness/test-app.ts";

describe("GET /api/auth/providers (issue 20)", () => {
  it("says Google is offered only when the server is set up for it", async () => {
    const without = await createTestApp({ google: undefined });
    const withGoogle = await createTestApp({
      google: { clientId: "id", clientSecret: "secret", discoveryUrl: "http://127.0.0.1:9" },
    });
    try {
      for (const [app, google] of [
        [without, false],
        [withGoogle, true],
      ] as const) {
        const res = await app.app.inject({ method: "GET", url: "/api/auth/providers" });
        expect(res.statusCode).toBe(200);
        expect(res.json()).toEqual({ google });
      }
    } finally {
      await Promise.all([without.close(), withGoogle.close()]);
    }
  });
});
