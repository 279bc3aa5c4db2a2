/**
 * The set-ups the chat benchmarks compare (chat-fanout.ts, dm-latency.ts, chat-jitter.ts): one on
 * the embedded database, one on PostgreSQL, and two sharing PostgreSQL. Each gets fresh storage
 * with the benchmark's members written into it, then its servers; all stopped and removed by
 * `cleanUp()` at the latest. PostgreSQL comes from BENCH_DATABASE_URL or TEST_DATABASE_URL, else the
 * local server; when none answers, only the embedded set-up runs.
 */
import type { Db } from "../src/server/db/database.ts";
import { liftedWriteLimitEnv } from "../src/server/limits/write-limit-rules.ts";
import {
  freePort,
  type ServerProcess,
  startServer,
  waitForHealthy,
} from "../test/harness/server-process.ts";
import { createServerStorage, withStorage } from "../test/harness/server-storage.ts";
import { onCleanUp } from "./bench-kit.ts";
import { printTable } from "./report.ts";
import { ONE_ADDRESS_LIMITS_LIFTED } from "./servers.ts";
import { DEFAULT_POSTGRES_URL, postgresReachable } from "./storage.ts";

export type ChatSetup<Members> = {
  name: string;
  servers: ServerProcess[];
  /** The PostgreSQL database the servers share; null on PGlite. */
  databaseUrl: string | null;
  members: Members;
};

const SETUPS = [
  { key: "pglite", name: "1 instance, embedded PGlite", kind: "pglite", instances: 1 },
  { key: "postgres", name: "1 instance, PostgreSQL", kind: "postgres", instances: 1 },
  { key: "pair", name: "2 instances, PostgreSQL", kind: "postgres", instances: 2 },
] as const;

/** `count` server processes on `env`, every socket and write from this machine allowed. */
async function startServers(
  env: Record<string, string>,
  count: number,
  nodeArgs: string[],
): Promise<ServerProcess[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, async () => {
      const server = startServer(
        {
          PORT: String(await freePort()),
          LOG_LEVEL: "error",
          ...ONE_ADDRESS_LIMITS_LIFTED,
          ...liftedWriteLimitEnv(), // as fast as the in-memory chat limit allows
          ...env,
        },
        { nodeArgs },
      );
      onCleanUp(() => server.stop().then(() => {}));
      return server;
    }),
  );
  await Promise.all(servers.map((server) => waitForHealthy(server, 60_000)));
  return servers;
}

/**
 * `measure` on each set-up (only `only` when given), its servers stopped after it; then the table
 * of the rows it answered.
 */
export async function measureChatSetups<Members, Row extends Record<string, string | number>>({
  only,
  members,
  measure,
  nodeArgs = [],
}: {
  only: string | undefined;
  members: (db: Db) => Promise<Members>;
  measure: (setup: ChatSetup<Members>) => Promise<Row>;
  nodeArgs?: string[];
}): Promise<void> {
  const unreachable = await postgresReachable(DEFAULT_POSTGRES_URL);
  if (unreachable) console.error(`PostgreSQL set-ups skipped: ${unreachable}`);
  const rows: Row[] = [];
  for (const { key, name, kind, instances } of SETUPS) {
    if ((only && only !== key) || (kind === "postgres" && unreachable)) continue;
    const storage = await createServerStorage(kind, DEFAULT_POSTGRES_URL);
    onCleanUp(() => storage.drop());
    const written = await withStorage(storage, ({ db }) => members(db));
    const servers = await startServers(storage.env, instances, nodeArgs);
    const databaseUrl = "DATABASE_URL" in storage.env ? storage.env.DATABASE_URL : null;
    rows.push(await measure({ name, servers, databaseUrl, members: written }));
    await Promise.all(servers.map((server) => server.stop()));
  }
  printTable(Object.keys(rows[0] ?? {}), rows.map(Object.values));
}
