/**
 * Where a benchmark's server keeps its data: a temporary PGlite directory or a scratch PostgreSQL
 * database (removed by `cleanUp()`), seeded, and an account signed up through the API.
 */
import pg from "pg";
import { lockDataDir } from "../src/server/db/data-dir-lock.ts";
import { type Database, type Db, openPglite, openPostgres } from "../src/server/db/database.ts";
import { createSignedInUser } from "../test/harness/factories.ts";
import { createScratchPostgres } from "../test/harness/scratch-postgres.ts";
import { onCleanUp, tempDir, usage } from "./bench-kit.ts";
import { type SeedResult, type SeedSizes, seed } from "./seed-data.ts";

export const DEFAULT_POSTGRES_URL =
  process.env.BENCH_DATABASE_URL ??
  process.env.TEST_DATABASE_URL ??
  "postgres://postgres@127.0.0.1:5432/postgres";

/** The `--databases` and `--postgres-url` options, by their defaults. */
export const DATABASE_ARGS = {
  databases: "pglite,postgres",
  "postgres-url": DEFAULT_POSTGRES_URL,
};

export type DatabaseKind = "pglite" | "postgres";
export const DATABASE_LABEL: Record<DatabaseKind, string> = {
  pglite: "PGlite",
  postgres: "PostgreSQL",
};

/** `--databases pglite,postgres` as a list; stops the script on anything else. */
export function databaseKinds(text: string): DatabaseKind[] {
  const kinds = text.split(",").map((kind) => kind.trim());
  if (kinds.some((kind) => kind !== "pglite" && kind !== "postgres")) {
    usage("--databases takes pglite, postgres or both (comma-separated)");
  }
  return kinds as DatabaseKind[];
}

/** A new, empty database on the server of `adminUrl`; dropped by `cleanUp()`. */
export async function scratchPostgres(adminUrl: string): Promise<string> {
  const scratch = await createScratchPostgres(adminUrl, "ylt_bench");
  onCleanUp(() => scratch.drop());
  return scratch.url;
}

export async function postgresReachable(adminUrl: string): Promise<string | null> {
  const client = new pg.Client({ connectionString: adminUrl, connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query("select 1");
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => {});
  }
}

/**
 * The `databases` asked for that can run: PostgreSQL only when `adminUrl` answers (else a line
 * says why it is skipped).
 */
export async function reachableDatabases(
  databases: DatabaseKind[],
  adminUrl: string,
): Promise<DatabaseKind[]> {
  const runs: DatabaseKind[] = [];
  for (const kind of databases) {
    const problem = kind === "postgres" ? await postgresReachable(adminUrl) : null;
    if (problem) console.log(`PostgreSQL skipped: cannot reach ${adminUrl} (${problem}).`);
    else runs.push(kind);
  }
  return runs;
}

/** The `--databases` of `args` (stops the script on an unknown one) and a way to run each. */
export function databasesOf(args: typeof DATABASE_ARGS) {
  const kinds = databaseKinds(args.databases);
  const adminUrl = args["postgres-url"];
  return {
    adminUrl,
    /** `run` for each that can run: PostgreSQL only when its server answers. */
    async forEach(run: (kind: DatabaseKind, label: string) => Promise<void>): Promise<void> {
      for (const kind of await reachableDatabases(kinds, adminUrl)) {
        await run(kind, DATABASE_LABEL[kind]);
      }
    },
  };
}

/** A fresh database and the env that points a server at it; `use` opens it (never beside a server on PGlite). */
export type ScratchStorage = {
  env: Record<string, string>;
  use<T>(work: (database: Database) => Promise<T>): Promise<T>;
};

/**
 * A temporary DATA_DIR for PGlite, or a scratch database on the server of `postgresUrl`, both
 * removed by `cleanUp()`.
 */
export async function scratchStorage(
  kind: DatabaseKind,
  postgresUrl: string,
): Promise<ScratchStorage> {
  const dataDir = kind === "pglite" ? tempDir("seeded") : "";
  const url = kind === "postgres" ? await scratchPostgres(postgresUrl) : "";
  return {
    env: dataDir ? { DATA_DIR: dataDir } : { DATABASE_URL: url },
    async use(work) {
      const release = dataDir ? lockDataDir(dataDir) : () => {};
      const database = dataDir ? await openPglite(dataDir) : await openPostgres(url, 1);
      try {
        return await work(database);
      } finally {
        await database.close();
        release();
      }
    },
  };
}

/**
 * Scratch storage seeded with `sizes` (a line on stderr says how long it took); `inspect` reads
 * the seeded database before it is closed.
 */
export async function seededStorage(
  kind: DatabaseKind,
  postgresUrl: string,
  sizes: SeedSizes,
  inspect: (database: Database) => Promise<void> = async () => {},
): Promise<{ env: Record<string, string>; seeded: SeedResult; storage: ScratchStorage }> {
  const storage = await scratchStorage(kind, postgresUrl);
  const seeded = await storage.use(async (database) => {
    const result = await seed(database, sizes);
    await inspect(database);
    return result;
  });
  console.error(
    `${DATABASE_LABEL[kind]}: seeded ${JSON.stringify(sizes)} in ${seeded.seconds.toFixed(1)} s`,
  );
  return { env: storage.env, seeded, storage };
}

/** Registers an account and creates its profile through the API; returns the session cookie. */
export async function signUp(base: string): Promise<string> {
  const suffix = Math.random().toString(36).slice(2, 10);
  const headers = {
    "content-type": "application/json",
    origin: base,
    "sec-fetch-site": "same-origin",
  };
  const registered = await fetch(`${base}/api/auth/register`, {
    method: "POST",
    headers,
    body: JSON.stringify({ email: `bench-${suffix}@example.test`, password: `Bench-${suffix}-pw` }),
  });
  if (registered.status !== 201) {
    throw new Error(`register answered ${registered.status}: ${await registered.text()}`);
  }
  const cookie = registered.headers
    .getSetCookie()
    .map((c) => c.split(";")[0] ?? "")
    .find((c) => c.includes("ylt_session="));
  if (!cookie) throw new Error("register set no session cookie");
  const profile = await fetch(`${base}/api/users`, {
    method: "POST",
    headers: { ...headers, cookie },
    body: JSON.stringify({ username: `bench_${suffix}`, skills: ["Plumber"], interests: [] }),
  });
  if (profile.status !== 201) {
    throw new Error(`profile creation answered ${profile.status}: ${await profile.text()}`);
  }
  return cookie;
}

/** Session cookies of `count` new members, written `batch` at a time. */
export async function signedInCookies(db: Db, count: number, batch = 50): Promise<string[]> {
  const cookies: string[] = [];
  for (let i = 0; i < count; i += batch) {
    const made = await Promise.all(
      Array.from({ length: Math.min(batch, count - i) }, () => createSignedInUser(db)),
    );
    cookies.push(...made.map((member) => member.cookie));
  }
  return cookies;
}
