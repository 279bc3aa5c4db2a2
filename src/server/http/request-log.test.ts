import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "../../../test/harness/test-app.ts";
import { logSafeUrl } from "./request-log.ts";

/** The OAuth `code` (and `state`) never reach the request log (issue 13 item 16). */

const lines: string[] = [];
let testApp: TestApp | undefined;
let app: FastifyInstance;
beforeAll(async () => {
  testApp = await createTestApp(
    {},
    { logStream: { write: (line) => lines.push(line), flush: () => {} } },
  );
  app = testApp.app;
});
afterAll(() => testApp?.close());

describe("the request log", () => {
  it.each([
    "/api/auth/google/callback?code=SECRET-CODE-1&state=SECRET-STATE",
    "/api/auth/google/%63allback?code=SECRET-CODE-1",
  ])("keeps the callback's path and drops its query string: %s", async (url) => {
    lines.length = 0;
    await app.inject({ method: "GET", url });
    const logged = lines.join("");
    expect(logged).toContain("request completed");
    expect(logged).toContain("?[redacted]");
    expect(logged).not.toContain("SECRET");
  });

  it("keeps other query strings as they are", async () => {
    lines.length = 0;
    await app.inject({ method: "GET", url: "/api/articles?topic=Cooking" });
    expect(lines.join("")).toContain('"url":"/api/articles?topic=Cooking"');
  });

  it.each(["/verify-email?token=SECRET-TOKEN", "/reset-password?token=SECRET-TOKEN"])(
    "drops the one-time link's token from the page's URL: %s",
    (url) => {
      expect(logSafeUrl(url)).toBe(`${url.slice(0, url.indexOf("?"))}?[redacted]`);
    },
  );

  it("redacts only the callback's query", () => {
    expect(logSafeUrl("/api/auth/google/callback")).toBe("/api/auth/google/callback");
    expect(logSafeUrl("/api/auth/google?intent=login")).toBe("/api/auth/google?intent=login");
  });
});
