import { describe, expect, it } from "vitest";
import { loadConfig } from "./config.ts";

/** Issue 28 item 16: how long a request may wait on PostgreSQL (db/postgres-pool.ts). */
describe("DATABASE_CONNECT_TIMEOUT_SECONDS and DATABASE_QUERY_TIMEOUT_SECONDS", () => {
  it("bound a request's wait on PostgreSQL to a couple of seconds by default", () => {
    expect(loadConfig({}).databaseBounds).toEqual({
      connectTimeoutSeconds: 3,
      queryTimeoutSeconds: 2,
    });
    expect(
      loadConfig({ DATABASE_CONNECT_TIMEOUT_SECONDS: "5", DATABASE_QUERY_TIMEOUT_SECONDS: "30" })
        .databaseBounds,
    ).toEqual({ connectTimeoutSeconds: 5, queryTimeoutSeconds: 30 });
  });

  it.each([
    ["DATABASE_CONNECT_TIMEOUT_SECONDS", "0", "must be at least 1"],
    ["DATABASE_QUERY_TIMEOUT_SECONDS", "2.5", "must be a whole number"],
    ["DATABASE_QUERY_TIMEOUT_SECONDS", "soon", "must be a number"],
  ])("refuses %s=%s in one line", (name, value, reason) => {
    expect(() => loadConfig({ [name]: value })).toThrow(
      `Invalid configuration: ${name}="${value}" ${reason}.`,
    );
  });
});
