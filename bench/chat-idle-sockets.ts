/**
 * Idle chat sockets (DESIGN §6: 10,000 idle sockets per process at ≤ 50 KB each). Starts the real
 * server as its own process on a seeded room (the latest 100 messages, so every socket gets a real
 * snapshot), opens N WebSocket connections to it from this process, waits until each has its
 * snapshot, and reports how much the server's resident memory (VmRSS) grew per socket. Then one
 * message is fanned out to all of them, as a check that the sockets are live.
 *
 *   npx node bench/chat-idle-sockets.ts [--sockets 10000] [--messages 100] [--postgres]
 *
 * --postgres runs the server on a scratch database of BENCH_DATABASE_URL / TEST_DATABASE_URL
 * (default postgres://postgres@127.0.0.1:5432/postgres) instead of the embedded one: the server's
 * RSS then holds no database pages. Each process needs one file descriptor per socket: when the
 * open-files limit is lower than that, the script re-runs itself under `ulimit -n` (it can raise the
 * soft limit up to the hard one; if the hard limit is lower, run it as root or raise it first).
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";
import { sql } from "drizzle-orm";
import type WebSocket from "ws";
import type { Database } from "../src/server/db/database.ts";
import { createSignedInUser } from "../test/harness/factories.ts";
import {
  freePort,
  SERVER_MAIN,
  type ServerProcess,
  waitForHealthy,
} from "../test/harness/server-process.ts";
import { benchArgs, runMain } from "./bench-kit.ts";
import { machineLine, median } from "./report.ts";
import { ONE_ADDRESS_LIMITS_LIFTED, PRODUCTION_ENV, startNode } from "./servers.ts";
import { DEFAULT_POSTGRES_URL, scratchStorage } from "./storage.ts";
import { closeAll, openChatSocket, openSwarm } from "./swarm.ts";

const args = benchArgs({ sockets: 10_000, messages: 100, postgres: false });
const BUDGET_KB = 50;
const WARM_UP = 500;
const OPEN_IN_PARALLEL = 200;
/** Descriptors each process needs beyond one per socket (files, database, pipes). */
const FD_HEADROOM = 1_000;
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ── open-files limit ────────────────────────────────────────────────────────

function openFilesLimit(): number {
  const limits = fs.readFileSync("/proc/self/limits", "utf8");
  const soft = /Max open files\s+(\d+|unlimited)/.exec(limits)?.[1];
  return soft === undefined || soft === "unlimited" ? Number.POSITIVE_INFINITY : Number(soft);
}

const needed = args.sockets + FD_HEADROOM;
if (openFilesLimit() < needed) {
  if (process.env.YLT_BENCH_ULIMIT_RAISED) {
    console.error(
      `The open-files limit is ${openFilesLimit()}, ${needed} are needed and the hard limit is ` +
        `lower: raise it (e.g. \`ulimit -Hn ${needed}\` as root) or pass a smaller --sockets.`,
    );
    process.exit(1);
  }
  // Node cannot raise its own limit: run again under a shell that does.
  const rerun = spawnSync(
    "sh",
    [
      "-c",
      'ulimit -n "$0" 2>/dev/null; exec "$@"',
      String(needed),
      process.execPath,
      ...process.execArgv,
      ...process.argv.slice(1),
    ],
    { stdio: "inherit", env: { ...process.env, YLT_BENCH_ULIMIT_RAISED: "1" } },
  );
  process.exit(rerun.status ?? 1);
}

// ── set-up ──────────────────────────────────────────────────────────────────

/** One member with a profile and a session (the sender of the final check), and the room's history. */
async function seed(database: Database): Promise<string> {
  const { db } = database;
  const sender = await createSignedInUser(db, { username: "idle_sender" });
  await db.execute(sql`
    insert into messages (user_id, user_name, text, client_id)
    select ${sender.userId}, 'idle_sender',
           'Hello neighbours, message ' || g || ': who can fix a leaking tap this week?', 'seed-' || g
    from generate_series(1, ${args.messages}) g`);
  // Production names the session cookie with the __Host- prefix (it takes requests as HTTPS).
  return `__Host-${sender.cookie}`;
}

/**
 * The server as its own process under a raised open-files limit (the `exec` keeps its pid, so
 * /proc/<pid>/status is the server's own); stopped by `cleanUp()`, also on failure.
 */
function startServer(env: Record<string, string>, port: number): ServerProcess {
  return startNode([SERVER_MAIN], env, port, {
    wrapper: ["sh", "-c", 'ulimit -n "$0" 2>/dev/null; exec "$@"', String(needed)],
  });
}

function rssKb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, "utf8");
  return Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? Number.NaN);
}

/** The median of a few readings a moment apart, once the server has settled. */
async function settledRssKb(pid: number): Promise<number> {
  await sleep(2_000);
  const readings: number[] = [];
  for (let i = 0; i < 5; i++) {
    readings.push(rssKb(pid));
    await sleep(200);
  }
  return median(readings);
}

// ── clients ─────────────────────────────────────────────────────────────────

/** A socket, resolved once its first frame (the snapshot) has arrived. */
const connect = (base: string, cookie?: string) =>
  openChatSocket(base, { cookie, until: "first-frame", perMessageDeflate: false });

/** `count` visitors' sockets, past their snapshots. */
const connectMany = (count: number, base: string) =>
  openSwarm({
    count,
    batch: OPEN_IN_PARALLEL,
    bases: [base],
    optionsOf: () => ({ until: "first-frame", perMessageDeflate: false }),
  });

/** Time from one send to the moment every socket has the message. */
async function fanOut(sockets: WebSocket[], sender: WebSocket): Promise<number> {
  const marker = `idle check ${Date.now()}`;
  let pending = sockets.length;
  const done = new Promise<number>((resolve) => {
    for (const socket of sockets) {
      const onMessage = (data: Buffer) => {
        if (!data.includes(marker)) return;
        socket.off("message", onMessage);
        if (--pending === 0) resolve(performance.now());
      };
      socket.on("message", onMessage);
    }
  });
  const sentAt = performance.now();
  sender.send(JSON.stringify({ type: "send", text: marker, clientId: "idle-check" }));
  const timeout = sleep(60_000).then(() => {
    throw new Error(`${pending} of ${sockets.length} sockets did not get the message in 60 s`);
  });
  return (await Promise.race([done, timeout])) - sentAt;
}

// ── main ────────────────────────────────────────────────────────────────────

await runMain(async () => {
  const storage = await scratchStorage(args.postgres ? "postgres" : "pglite", DEFAULT_POSTGRES_URL);
  const cookie = await storage.use(seed);
  const env = {
    ...PRODUCTION_ENV,
    ...ONE_ADDRESS_LIMITS_LIFTED,
    LOG_LEVEL: "warn",
    ...storage.env,
  };

  const port = await freePort();
  const server = startServer({ ...env, PORT: String(port) }, port);
  await waitForHealthy(server, 60_000);
  const pid = server.child.pid;
  if (pid === undefined) throw new Error("the server has no pid");

  // Warm-up: the code paths compiled and the buffers grown before the baseline.
  await closeAll(await connectMany(WARM_UP, server.url));
  const before = await settledRssKb(pid);

  const openedAt = performance.now();
  const sockets = await connectMany(args.sockets, server.url);
  const openSeconds = (performance.now() - openedAt) / 1000;
  const after = await settledRssKb(pid);
  const perSocketKb = (after - before) / args.sockets;

  const sender = await connect(server.url, cookie);
  const fanOutMs = await fanOut(sockets, sender);

  console.log(
    `chat idle sockets: ${args.sockets.toLocaleString("en")} sockets to one server process ` +
      `(${args.postgres ? "PostgreSQL" : "embedded PGlite"}, ${args.messages}-message snapshot each); ` +
      machineLine(),
  );
  console.log("\n| figure | measured | budget | met |\n|---|--:|--:|:-:|");
  console.log(
    `| server RSS growth per idle socket | ${perSocketKb.toFixed(1)} KB | ≤ ${BUDGET_KB} KB | ` +
      `${perSocketKb <= BUDGET_KB ? "yes" : "**no**"} |`,
  );
  console.log(
    `| server RSS before → after | ${(before / 1024).toFixed(0)} MB → ${(after / 1024).toFixed(0)} MB | | |`,
  );
  console.log(
    `| time to open ${args.sockets.toLocaleString("en")} sockets (${OPEN_IN_PARALLEL} at a time, snapshot each) | ${openSeconds.toFixed(1)} s | | |`,
  );
  console.log(
    `| one message to all ${args.sockets.toLocaleString("en")} sockets (send → last receipt) | ${fanOutMs.toFixed(1)} ms | | |`,
  );
  if (perSocketKb > BUDGET_KB) process.exitCode = 1;
});
