/**
 * Chat fan-out benchmark (DESIGN §6): N WebSocket clients (default 1,000) connected to real server
 * processes; senders post messages and the clock runs from the send to the moment the LAST client
 * has the message. Three set-ups: one instance on the embedded database, one instance on
 * PostgreSQL, and two instances sharing PostgreSQL (clients split between them, sender on the first).
 *
 *   npx node bench/chat-fanout.ts [--clients 1000] [--messages 200] [--only pglite|postgres|pair]
 *
 * PostgreSQL comes from BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local server (a scratch
 * database is created there and dropped afterwards); when none answers, only the embedded set-up runs.
 * Latency: messages one at a time (the next after the last client has the previous one).
 * Throughput: many senders at once; messages/s until every client has every message.
 */
import fs from "node:fs";
import WebSocket from "ws";
import { liftedWriteLimitEnv } from "../src/server/limits/write-limit-rules.ts";
import { CHAT_PATH, CHAT_RATE_LIMIT } from "../src/shared/chat.ts";
import { createSignedInUser } from "../test/harness/factories.ts";
import {
  freePort,
  type ServerProcess,
  startServer,
  waitForHealthy,
} from "../test/harness/server-process.ts";
import { createServerStorage, withStorage } from "../test/harness/server-storage.ts";
import {
  benchArgs,
  DEFAULT_POSTGRES_URL,
  machineLine,
  markdownHeader,
  markdownRow,
  postgresReachable,
} from "./bench-kit.ts";

const args = benchArgs({ clients: 1000, messages: 200, only: null });
const WARMUP = 20;
/** Throughput burst: every sender posts its whole rate-limit allowance at once. */
const BURST_SENDERS = 30;
const PER_SENDER = CHAT_RATE_LIMIT.messages;
const LATENCY_SENDERS = Math.ceil((args.messages + WARMUP) / PER_SENDER);
const now = () => performance.now();
const log = (line: string) => process.stderr.write(`${line}\n`);

// ── set-up ──────────────────────────────────────────────────────────────────

type Setup = {
  name: string;
  servers: ServerProcess[];
  cookies: string[];
  cleanup(): Promise<void>;
};

async function startAll(env: Record<string, string>, count: number): Promise<ServerProcess[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, async () =>
      startServer({
        PORT: String(await freePort()),
        LOG_LEVEL: "error",
        // Every socket comes from this machine.
        CHAT_SOCKETS_PER_ADDRESS: "100000",
        CHAT_UPGRADES_PER_ADDRESS_PER_MINUTE: "100000",
        ...liftedWriteLimitEnv(), // senders send as fast as the in-memory limit allows
        ...env,
      }),
    ),
  );
  await Promise.all(servers.map((s) => waitForHealthy(s, 60_000)));
  return servers;
}

/** The servers on fresh storage, with signed-in members for every sender written into it. */
async function setUp(
  name: string,
  kind: "pglite" | "postgres",
  instances: number,
  adminUrl?: string,
): Promise<Setup> {
  const storage = await createServerStorage(kind, adminUrl);
  const cookies = await withStorage(storage, async ({ db }) => {
    const seeded: string[] = [];
    for (let i = 0; i < LATENCY_SENDERS + BURST_SENDERS; i++) {
      seeded.push((await createSignedInUser(db)).cookie);
    }
    return seeded;
  });
  const servers = await startAll(storage.env, instances);
  return {
    name,
    servers,
    cookies,
    cleanup: async () => {
      await Promise.all(servers.map((s) => s.stop()));
      await storage.drop();
    },
  };
}

// ── clients ─────────────────────────────────────────────────────────────────

function open(server: ServerProcess, cookie?: string): Promise<WebSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}${CHAT_PATH}`, {
    origin: server.url,
    headers: cookie ? { cookie } : {},
  });
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

const MESSAGE_FRAME = Buffer.from('{"type":"message"');
// Zero-padded: the profanity filter reads some short numbers as leetspeak (455 → ass).
const MARK = Buffer.from('"text":"bench ');

/** Sequence number of a broadcast bench message, without parsing the whole frame. */
function seqOf(data: Buffer): number {
  if (data.compare(MESSAGE_FRAME, 0, MESSAGE_FRAME.length, 0, MESSAGE_FRAME.length) !== 0) {
    return -1;
  }
  const at = data.indexOf(MARK);
  if (at < 0) return -1;
  let seq = 0;
  for (let i = at + MARK.length; i < data.length; i++) {
    const digit = data[i] ?? 0;
    if (digit < 48 || digit > 57) break;
    seq = seq * 10 + digit - 48;
  }
  return seq;
}

/** Counts, per message, how many receivers have it and when the last one got it. */
function createTally(receivers: number) {
  const counts = new Map<number, number>();
  const done = new Map<number, (at: number) => void>();
  const finished = new Map<number, number>();
  return {
    onFrame(data: Buffer) {
      const seq = seqOf(data);
      if (seq < 0) return;
      const count = (counts.get(seq) ?? 0) + 1;
      counts.set(seq, count);
      if (count === receivers) {
        const at = now();
        finished.set(seq, at);
        done.get(seq)?.(at);
      }
    },
    whenAll(seq: number, timeoutMs = 30_000): Promise<number> {
      const at = finished.get(seq);
      if (at !== undefined) return Promise.resolve(at);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`message ${seq} reached ${counts.get(seq) ?? 0} of ${receivers}`));
        }, timeoutMs);
        done.set(seq, (doneAt) => {
          clearTimeout(timer);
          resolve(doneAt);
        });
      });
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** CPU time (user + system) a process has used so far, in ms. */
function cpuMs(pid: number | undefined): number {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, "utf8").split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
}

async function run(setup: Setup) {
  const { servers } = setup;
  const tally = createTally(args.clients);
  const receivers: WebSocket[] = [];
  for (let i = 0; i < args.clients; i += 50) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(50, args.clients - i) }, (_, j) =>
        open(servers[(i + j) % servers.length] as ServerProcess),
      ),
    );
    for (const socket of batch) {
      socket.on("message", (data: Buffer) => tally.onFrame(data));
      receivers.push(socket);
    }
  }
  log(`${setup.name}: ${receivers.length} clients connected`);
  await new Promise((r) => setTimeout(r, 500));
  const sender = servers[0] as ServerProcess;
  const senders = await Promise.all(setup.cookies.map((cookie) => open(sender, cookie)));
  for (const socket of senders) {
    socket.on("message", (data: Buffer) => {
      if (data.includes('"type":"error"')) log(`sender got ${String(data)}`);
    });
  }
  let seq = 0;
  const post = (socket: WebSocket) => {
    const id = ++seq;
    socket.send(
      JSON.stringify({
        type: "send",
        text: `bench ${String(id).padStart(6, "0")}`,
        clientId: `b${id}`,
      }),
    );
    return id;
  };

  // Latency: one message at a time.
  const latencies: number[] = [];
  for (let i = 0; i < WARMUP + args.messages; i++) {
    const socket = senders[Math.floor(i / PER_SENDER)] as WebSocket;
    const sentAt = now();
    const id = post(socket);
    const lastAt = await tally.whenAll(id);
    if (i >= WARMUP) latencies.push(lastAt - sentAt);
  }
  latencies.sort((a, b) => a - b);

  // Throughput: every burst sender posts its allowance at once.
  const burst = senders.slice(LATENCY_SENDERS, LATENCY_SENDERS + BURST_SENDERS);
  const startedAt = now();
  const serverCpuBefore = servers.map((s) => cpuMs(s.child.pid));
  const benchCpuBefore = process.cpuUsage();
  const ids: number[] = [];
  for (let round = 0; round < PER_SENDER; round++) {
    for (const socket of burst) ids.push(post(socket));
  }
  await Promise.all(ids.map((id) => tally.whenAll(id)));
  const seconds = (now() - startedAt) / 1000;
  const serverCpu = servers.map((s, i) => cpuMs(s.child.pid) - (serverCpuBefore[i] ?? 0));
  const benchCpu = process.cpuUsage(benchCpuBefore);

  for (const socket of [...receivers, ...senders]) socket.terminate();
  return {
    setup: setup.name,
    clients: args.clients,
    "p50 ms": Number(percentile(latencies, 50).toFixed(2)),
    "p99 ms": Number(percentile(latencies, 99).toFixed(2)),
    "max ms": Number((latencies.at(-1) ?? 0).toFixed(2)),
    "messages/s": Math.round(ids.length / seconds),
    "deliveries/s": Math.round((ids.length * args.clients) / seconds),
    "server CPU ms/msg": Number((serverCpu.reduce((a, b) => a + b, 0) / ids.length).toFixed(2)),
    "clients CPU ms/msg": Number(
      ((benchCpu.user + benchCpu.system) / 1000 / ids.length).toFixed(2),
    ),
  };
}

// ── main ──────────────────────────────────────────────────────────────────────

console.log(
  `chat fan-out: ${args.clients} clients, ${args.messages} messages one at a time (after ${WARMUP} ` +
    `warm-up), then ${BURST_SENDERS * PER_SENDER} at once from ${BURST_SENDERS} senders; ${machineLine()}\n`,
);
const unreachable = await postgresReachable(DEFAULT_POSTGRES_URL);
if (unreachable) log(`PostgreSQL set-ups skipped: ${unreachable}`);
const plans: [string, () => Promise<Setup>][] = [
  ["pglite", () => setUp("1 instance, embedded PGlite", "pglite", 1)],
];
if (!unreachable) {
  plans.push([
    "postgres",
    () => setUp("1 instance, PostgreSQL", "postgres", 1, DEFAULT_POSTGRES_URL),
  ]);
  plans.push(["pair", () => setUp("2 instances, PostgreSQL", "postgres", 2, DEFAULT_POSTGRES_URL)]);
}
const rows: Awaited<ReturnType<typeof run>>[] = [];
for (const [key, prepare] of plans) {
  if (args.only && args.only !== key) continue;
  const setup = await prepare();
  try {
    rows.push(await run(setup));
  } finally {
    await setup.cleanup();
  }
}
console.log(markdownHeader(Object.keys(rows[0] ?? {})));
for (const row of rows) console.log(markdownRow(Object.values(row)));
console.log(`\nat the end: ${machineLine()}`);
