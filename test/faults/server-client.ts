import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { type Database, openPglite, openPostgres } from "../../src/server/db/database.ts";
import { liftedWriteLimitEnv } from "../../src/server/limits/write-limit-rules.ts";
import { freePort, startServer, waitForHealthy } from "../server-process.ts";
import { testDatabaseKind } from "../test-database.ts";
import { createPostgresDatabase } from "./fresh-postgres.ts";

export const PASSWORD = "Kettle-Mango-42";

type Cleanup = () => Promise<unknown>;

/** Storage for server processes: a fresh DATA_DIR (PGlite) or a fresh PostgreSQL database. */
export type Storage = { env: Record<string, string>; open(): Promise<Database> };

export async function freshStorage(cleanups: Cleanup[]): Promise<Storage> {
  if (testDatabaseKind === "postgres") {
    const database = await createPostgresDatabase();
    cleanups.push(() => database.drop());
    return { env: { DATABASE_URL: database.url }, open: () => openPostgres(database.url, 2) };
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "ylt-fault-"));
  cleanups.push(async () => fs.rmSync(dataDir, { recursive: true, force: true }));
  fs.cpSync(await pgliteTemplate(), dataDir, { recursive: true });
  return { env: { DATA_DIR: dataDir }, open: () => openPglite(dataDir) };
}

let template: Promise<string> | undefined;

/**
 * An embedded database created and migrated once per test file, closed, to copy: creating one is
 * most of a first start (about 10 s on a busy 2-core machine, against 2 s for a start on a copy).
 */
function pgliteTemplate(): Promise<string> {
  template ??= (async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), "ylt-fault-template-"));
    process.once("exit", () => fs.rmSync(dir, { recursive: true, force: true }));
    const database = await openPglite(dir);
    await database.close();
    return dir;
  })();
  return template;
}

/** Starts `node src/server/main.ts` on the storage and waits until it answers. */
export async function startOn(storage: Storage, cleanups: Cleanup[]) {
  const server = startServer({
    PORT: String(await freePort()),
    AUTH_SIGNUP_PER_IP_PER_HOUR: "1000",
    // Each client writes as fast as the server answers; the write limits have their own tests.
    ...liftedWriteLimitEnv(),
    ...storage.env,
  });
  cleanups.push(() => server.stop("SIGKILL"));
  await waitForHealthy(server);
  return server;
}

export type JsonAnswer = { status: number; body: unknown; cookie: string | null };

export async function requestJson(
  server: { url: string },
  method: string,
  url: string,
  cookie: string,
  body?: unknown,
): Promise<JsonAnswer> {
  const res = await fetch(`${server.url}${url}`, {
    method,
    headers: { cookie, ...(body === undefined ? {} : { "content-type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const text = await res.text();
  return {
    status: res.status,
    body: text ? JSON.parse(text) : null,
    cookie: res.headers.get("set-cookie"),
  };
}

export type Account = { username: string; cookie: string };

/** Registers through the API (and creates the profile unless `withProfile` is false). */
export async function signUp(
  server: { url: string },
  username: string,
  withProfile = true,
): Promise<Account> {
  const registered = await requestJson(server, "POST", "/api/auth/register", "", {
    email: `${username}@example.test`,
    password: PASSWORD,
  });
  if (registered.status !== 201) throw new Error(`sign-up of ${username}: ${registered.status}`);
  const cookie = (registered.cookie ?? "").split(";")[0] ?? "";
  if (withProfile) {
    const created = await requestJson(server, "POST", "/api/users", cookie, { username });
    if (created.status !== 201) throw new Error(`profile of ${username}: ${created.status}`);
  }
  return { username, cookie };
}
