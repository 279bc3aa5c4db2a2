import type { FastifyInstance } from "fastify";
import { afterAll, describe, expect, it } from "vitest";
import { createTestDatabase, type TestDatabase } from "../../../test/harness/test-database.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";

/**
 * Issue 28 item 15: the OpenAPI document lists every route, moderation included. Production does
 * not publish it unless API_DOCS says so; elsewhere it is on unless API_DOCS=false.
 */

const production = { NODE_ENV: "production", PUBLIC_ORIGIN: "https://talents.example" };
let database: TestDatabase | undefined;
const apps: FastifyInstance[] = [];
afterAll(async () => {
  for (const app of apps) await app.close();
  await database?.drop();
});

/** The answer to GET /api/docs of an app configured by `env` (one database for all). */
async function docsAnswer(env: Record<string, string>) {
  database ??= await createTestDatabase();
  const config = { ...loadConfig({ ...env, LOG_LEVEL: "silent" }), webDir: undefined };
  const app = await buildApp({ config, database: database.database, logger: false });
  apps.push(app);
  return app.inject({ method: "GET", url: "/api/docs" });
}

describe("/api/docs", () => {
  it("answers the JSON 404 in production by default", async () => {
    expect(loadConfig(production).apiDocs).toBe(false);
    const res = await docsAnswer(production);
    expect(res.statusCode).toBe(404);
    expect(res.json().error.code).toBe("not-found");
    expect(res.body).not.toContain("/moderation");
  });

  it("serves the whole API in production with API_DOCS=true", async () => {
    const res = await docsAnswer({ ...production, API_DOCS: "true" });
    expect(res.statusCode).toBe(200);
    expect(Object.keys(res.json().paths)).toContain("/api/moderation/queue");
  });

  it("serves it outside production unless API_DOCS=false", async () => {
    expect((await docsAnswer({ NODE_ENV: "development" })).statusCode).toBe(200);
    expect((await docsAnswer({ NODE_ENV: "development", API_DOCS: "false" })).statusCode).toBe(404);
  });

  it("refuses a value that is not on or off in one line", () => {
    expect(() => loadConfig({ API_DOCS: "public" })).toThrow(
      'Invalid configuration: API_DOCS="public" must be true or false.',
    );
  });
});
