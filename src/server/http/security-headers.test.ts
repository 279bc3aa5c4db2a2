import { describe, expect, it } from "vitest";
import { createTestApp, testAppClosedAfterAll } from "../../../test/harness/test-app.ts";

const t = testAppClosedAfterAll();

describe("security headers", () => {
  it("are on every answer, errors included", async () => {
    for (const url of ["/api/health", "/api/no-such-thing"]) {
      const res = await t.app.inject({ method: "GET", url });
      const csp = String(res.headers["content-security-policy"]);
      expect(csp).toContain("script-src 'self'");
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("base-uri 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(csp).toContain("worker-src 'self'");
      expect(csp).toContain("manifest-src 'self'");
      expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
      expect(res.headers["x-content-type-options"]).toBe("nosniff");
      expect(res.headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
      expect(res.headers["cross-origin-opener-policy"]).toBe("same-origin");
      expect(res.headers["strict-transport-security"]).toBeUndefined();
    }
  });

  it("let images come from the map's tile server: https already, an http one on this machine by name", async () => {
    const csp = async (app: typeof t.app) =>
      String(
        (await app.inject({ method: "GET", url: "/api/health" })).headers[
          "content-security-policy"
        ],
      );
    expect(await csp(t.app)).toContain("img-src 'self' data: https:;");
    const local = await createTestApp({
      map: { tileUrl: "http://127.0.0.1:8081/tiles/{z}/{x}/{y}.png", tileAttribution: "Local" },
    });
    try {
      expect(await csp(local.app)).toContain("img-src 'self' data: https: http://127.0.0.1:8081;");
    } finally {
      await local.close();
    }
  });

  it("add HSTS behind HTTPS (a trusted proxy says so)", async () => {
    const proxied = await createTestApp({ trustProxy: true });
    const res = await proxied.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(res.headers["strict-transport-security"]).toBe("max-age=31536000; includeSubDomains");
    await proxied.close();
  });

  it("ignore X-Forwarded-Proto from a client when no proxy is trusted", async () => {
    const res = await t.app.inject({
      method: "GET",
      url: "/api/health",
      headers: { "x-forwarded-proto": "https" },
    });
    expect(res.headers["strict-transport-security"]).toBeUndefined();
  });
});
