import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/harness/test-database.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { logSafeUrl } from "./request-log.ts";

/** The OAuth `code` (and `state`) never reach the request log (issue 13 item 16). */

const lines: string[] = [];
let db: TestDatabase;
let app: FastifyInstance;
beforeAll(async () => {
  db = await createTestDatabase();
  app = await buildApp({
    config: { ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info" }), webDir: undefined },
    database: db.database,
    logStream: { write: (line) => lines.push(line), flush: () => {} },
  });
  await app.ready();
});
afterAll(async () => {
  await app?.close();
  await db?.drop();
});

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
