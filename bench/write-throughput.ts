/**
 * Committed writes per second on PostgreSQL with 1, 10 and 50 concurrent writers (issue 29, the
 * write pipeline; decision 017). PostgreSQL serialises the commits of transactions that NOTIFY (one
 * lock on the notification queue, held through the commit's WAL flush), so a write that announces
 * its event inside its transaction may cap how many writes commit per second; this measures it.
 *
 *   npx node bench/write-throughput.ts [--duration 10] [--warmup 2] [--writers 1,10,50]
 *     [--only app|sql] [--postgres-url postgres://postgres@127.0.0.1:5432/postgres]
 *
 * Two parts, each on a scratch database of the server of `--postgres-url` (default
 * BENCH_DATABASE_URL, TEST_DATABASE_URL, then the local server), dropped afterwards:
 * - **app**: one server process (write limits lifted, logging errors only), one member per writer
 *   (distinct accounts, so the per-account limit lock never makes them queue), each writer a loop of
 *   `POST /api/articles` (write limit, insert, event) awaiting each answer. A row per writer count:
 *   committed writes (201 answers) per second, p50/p99 latency, other answers.
 * - **sql**: the same shape without the app, from this process on a pool of `writers` connections:
 *   a transaction of one insert, (a) alone, (b) with `pg_notify` inside it, (c) with an event row
 *   inserted inside it and `pg_notify` sent after the commit. It shows what NOTIFY inside the
 *   transaction costs on this server, whatever the app does around it.
 * The PostgreSQL server's `fsync` and `synchronous_commit` are printed: with either off, commits
 * wait for no disk and the difference shrinks.
 */
import pg from "pg";
import { liftedWriteLimitEnv } from "../src/server/limits/write-limit-rules.ts";
import { freePort, startServer, waitForHealthy } from "../test/harness/server-process.ts";
import { createServerStorage, withStorage } from "../test/harness/server-storage.ts";
import { benchArgs, onCleanUp, runMain } from "./bench-kit.ts";
import { machineLine, markdownHeader, markdownRow, percentile } from "./report.ts";
import { ONE_ADDRESS_LIMITS_LIFTED } from "./servers.ts";
import {
  DEFAULT_POSTGRES_URL,
  postgresReachable,
  scratchPostgres,
  signedInCookies,
} from "./storage.ts";

const args = benchArgs({
  duration: 10,
  warmup: 2,
  writers: null,
  only: null,
  "postgres-url": null,
});
const WRITERS = (args.writers ?? "1,10,50").split(",").map(Number);
const POSTGRES_URL = args["postgres-url"] ?? DEFAULT_POSTGRES_URL;
const log = (line: string) => process.stderr.write(`${line}\n`);
const now = () => performance.now();

type Tally = { committed: number; other: number; latencies: number[] };

/**
 * Runs `writers` loops of `write` for the warm-up (not counted) and then `duration` seconds.
 * `write` answers whether the write committed.
 */
async function runWriters(
  writers: number,
  write: (writer: number) => Promise<boolean>,
): Promise<Tally & { seconds: number }> {
  const tally: Tally = { committed: 0, other: 0, latencies: [] };
  const warmEnd = now() + args.warmup * 1000;
  const end = warmEnd + args.duration * 1000;
  const loop = async (writer: number) => {
    while (now() < end) {
      const started = now();
      const committed = await write(writer).catch(() => false);
      if (started < warmEnd) continue;
      if (!committed) tally.other++;
      else {
        tally.committed++;
        tally.latencies.push(now() - started);
      }
    }
  };
  await Promise.all(Array.from({ length: writers }, (_, writer) => loop(writer)));
  return { ...tally, seconds: args.duration };
}

function row(what: string, writers: number, t: Tally & { seconds: number }) {
  const sorted = t.latencies.toSorted((a, b) => a - b);
  return markdownRow([
    what,
    writers,
    Math.round(t.committed / t.seconds),
    percentile(sorted, 50).toFixed(1),
    percentile(sorted, 99).toFixed(1),
    t.other,
  ]);
}

// ── app: POST /api/articles through the real server ─────────────────────────

async function appPart(): Promise<void> {
  const storage = await createServerStorage("postgres", POSTGRES_URL);
  onCleanUp(() => storage.drop());
  const most = Math.max(...WRITERS);
  const cookies = await withStorage(storage, ({ db }) => signedInCookies(db, most));
  // Not production mode: members made in the database carry the plain (not __Host-) session cookie.
  const server = startServer({
    PORT: String(await freePort()),
    ...storage.env,
    LOG_LEVEL: "error",
    ...ONE_ADDRESS_LIMITS_LIFTED,
    ...liftedWriteLimitEnv(),
  });
  onCleanUp(() => server.stop().then(() => {}));
  await waitForHealthy(server, 60_000);
  const base = server.url;
  const body = JSON.stringify({
    title: "Guitar lessons in Histon",
    topic: "Music",
    body: "Weekly sessions for beginners and improvers, small groups. ".repeat(4),
  });
  let firstRefusal = "";
  const post = async (writer: number) => {
    const res = await fetch(`${base}/api/articles`, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        cookie: cookies[writer] ?? "",
        origin: base,
        "sec-fetch-site": "same-origin",
      },
      body,
    });
    const answer = await res.text();
    if (res.status !== 201 && !firstRefusal) {
      firstRefusal = `${res.status} ${answer.slice(0, 200)}`;
      log(`first answer that is not 201: ${firstRefusal}`);
    }
    return res.status === 201;
  };
  console.log(`\nPOST /api/articles, one server process, ${args.duration} s per row\n`);
  console.log(markdownHeader(["write", "writers", "writes/s", "p50 ms", "p99 ms", "not 201"]));
  for (const writers of WRITERS) {
    console.log(row("POST /api/articles", writers, await runWriters(writers, post)));
  }
  await server.stop();
}

// ── sql: the commit itself, with and without NOTIFY ─────────────────────────

const SQL_SETUP = `
  create table bench_write (id bigserial primary key, writer int not null, at timestamptz not null default now());
  create table bench_event (id bigserial primary key, payload text not null);`;

const SQL_SHAPES: Record<string, (client: pg.PoolClient, writer: number) => Promise<void>> = {
  insert: async (client, writer) => {
    await client.query("begin");
    await client.query("insert into bench_write (writer) values ($1)", [writer]);
    await client.query("commit");
  },
  "insert + notify inside": async (client, writer) => {
    await client.query("begin");
    await client.query("insert into bench_write (writer) values ($1)", [writer]);
    await client.query("select pg_notify('bench', $1)", [String(writer)]);
    await client.query("commit");
  },
  "insert + event row, notify after": async (client, writer) => {
    await client.query("begin");
    await client.query("insert into bench_write (writer) values ($1)", [writer]);
    await client.query("insert into bench_event (payload) values ($1)", [String(writer)]);
    await client.query("commit");
    await client.query("select pg_notify('bench', '')");
  },
};

async function sqlPart(): Promise<void> {
  const url = await scratchPostgres(POSTGRES_URL);
  const setup = new pg.Client({ connectionString: url });
  await setup.connect();
  await setup.query(SQL_SETUP);
  const settings = await setup.query(
    "select current_setting('fsync') as fsync, current_setting('synchronous_commit') as sc",
  );
  await setup.end();
  const { fsync, sc } = settings.rows[0] as { fsync: string; sc: string };
  console.log(
    `\nSQL only, pool of <writers> connections (fsync ${fsync}, synchronous_commit ${sc})\n`,
  );
  console.log(
    markdownHeader(["transaction", "writers", "commits/s", "p50 ms", "p99 ms", "failed"]),
  );
  for (const [shape, write] of Object.entries(SQL_SHAPES)) {
    for (const writers of WRITERS) {
      const pool = new pg.Pool({ connectionString: url, max: writers });
      const clients = await Promise.all(Array.from({ length: writers }, () => pool.connect()));
      const tally = await runWriters(writers, async (writer) => {
        await write(clients[writer] as pg.PoolClient, writer);
        return true;
      });
      for (const client of clients) client.release();
      await pool.end();
      console.log(row(shape, writers, tally));
    }
  }
}

async function main(): Promise<void> {
  const unreachable = await postgresReachable(POSTGRES_URL);
  if (unreachable) throw new Error(`PostgreSQL at ${POSTGRES_URL} does not answer: ${unreachable}`);
  console.log(`write-throughput: ${machineLine()}`);
  if (args.only !== "sql") await appPart();
  if (args.only !== "app") await sqlPart();
  log(`done: ${machineLine()}`);
}

await runMain(main);
