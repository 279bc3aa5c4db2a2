/**
 * The CPU time of the PostgreSQL backends that serve a database (the servers' pools and listeners),
 * read from /proc like the servers' own, for the chat benchmarks' "+ PostgreSQL" figures.
 */
import pg from "pg";
import { onCleanUp } from "./bench-kit.ts";
import { cpuMs } from "./report.ts";

/** CPU ms used so far by pid; null when a backend is not on this machine. */
export type BackendsCpu = Map<number, number> | null;

/** A connection to `databaseUrl` that reads its other backends' CPU time; closed at clean-up. */
export async function postgresBackends(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let open = true;
  const close = async () => {
    if (open) await client.end();
    open = false;
  };
  onCleanUp(close);
  return {
    async read(): Promise<BackendsCpu> {
      const { rows } = await client.query<{ pid: number }>(
        "select pid from pg_stat_activity where datname = current_database() and pid <> pg_backend_pid()",
      );
      const used = new Map<number, number>();
      for (const { pid } of rows) {
        const ms = cpuMs(pid);
        if (ms === null) return null;
        used.set(pid, ms);
      }
      return used;
    },
    close,
  };
}

/** CPU the backends used between two readings (a backend that started since counts from zero). */
export function backendsCpuSince(before: BackendsCpu, after: BackendsCpu): number | null {
  if (!before || !after) return null;
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}
