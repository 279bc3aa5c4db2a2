import pg from "pg";
import { afterEach, describe, expect, it } from "vitest";
import { MIGRATION_LOCK } from "../src/server/db/locks.ts";
import {
  freePort,
  type ServerProcess,
  startServer,
  waitForHealthy,
} from "./harness/server-process.ts";
import { createServerStorage, type ServerStorage } from "./harness/server-storage.ts";
import { testDatabaseKind } from "./harness/test-database.ts";

/**
 * Issue 35: a server process's readiness, for load balancers and orchestrators. Alive and not ready
 * while it migrates (another instance holding the migration lock, on PostgreSQL), ready once it
 * serves, and not ready again while it drains after SIGTERM, still serving, until it exits.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function storage(): Promise<ServerStorage> {
  const made = await createServerStorage(testDatabaseKind);
  cleanups.push(() => made.drop());
  return made;
}

async function start(env: Record<string, string>): Promise<ServerProcess> {
  const server = startServer({ PORT: String(await freePort()), ...env });
  cleanups.push(() => server.stop("SIGKILL"));
  return server;
}

const get = async (server: ServerProcess, path: string) => {
  const res = await fetch(`${server.url}${path}`);
  return { status: res.status, body: (await res.json()) as unknown };
};

/** Asks `path` until it answers `status` (the port may not be open yet); that answer's body. */
async function answerOf(server: ServerProcess, path: string, status: number): Promise<unknown> {
  for (;;) {
    if (server.child.exitCode !== null) throw new Error(`server exited: ${server.stderr()}`);
    const answer = await get(server, path).catch(() => undefined);
    if (answer?.status === status) return answer.body;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe.skipIf(testDatabaseKind !== "postgres")("readiness while migrating", () => {
  it("is alive and not ready until the migration lock is free, then ready", async () => {
    const scratch = await storage();
    const holder = new pg.Client({
      connectionString: (scratch.env as { DATABASE_URL: string }).DATABASE_URL,
    });
    await holder.connect();
    cleanups.push(() => holder.end());
    // Another instance migrating: this one waits for the lock with its port already answering.
    await holder.query(MIGRATION_LOCK.take);
    const server = await start(scratch.env);

    expect(await answerOf(server, "/api/health/ready", 503)).toEqual({
      ready: false,
      reason: "migrating",
    });
    expect(await get(server, "/api/health/live")).toEqual({ status: 200, body: { live: true } });
    const other = await get(server, "/api/articles");
    expect(other.status).toBe(503);
    expect(other.body).toMatchObject({ error: { code: "starting" } });

    await holder.query(MIGRATION_LOCK.release);
    await waitForHealthy(server, 30_000, { path: "/api/health/ready" });
    expect(await get(server, "/api/health/ready")).toEqual({ status: 200, body: { ready: true } });
  });
});

describe("readiness while draining", () => {
  it("says not ready after SIGTERM while it still serves, then exits cleanly", async () => {
    const server = await start({ ...(await storage()).env, SHUTDOWN_DRAIN_SECONDS: "3" });
    await waitForHealthy(server, 30_000, { path: "/api/health/ready" });

    server.child.kill("SIGTERM");
    expect(await answerOf(server, "/api/health/ready", 503)).toEqual({
      ready: false,
      reason: "draining",
    });
    expect((await get(server, "/api/articles")).status).toBe(200);
    expect((await get(server, "/api/health/live")).status).toBe(200);
    expect(await server.exited).toBe(0);
  });
});
