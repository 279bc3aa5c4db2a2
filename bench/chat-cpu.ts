/**
 * Chat fan-out against its floor (issue 21): the server's CPU time per message sent to 1,000 sockets,
 * for the app and for a bare `ws` broadcast of the same frames (`ws-bare-broadcast.ts`), and the
 * latency from a send to the last of the 1,000 receipts, with the clients on a core of their own.
 *
 *   npx node bench/chat-cpu.ts [--clients 1000] [--messages 200] [--rounds 3]
 *     [--databases pglite,postgres] [--unpinned] [--cpu-prof <dir>]
 *
 * Per database: the app (production mode, `src/server/main.ts`, on a fresh PGlite directory or a
 * scratch PostgreSQL database) and the bare server run side by side, each with `--clients` sockets
 * from this process: signed-in senders (as many as the app's rate limit of 10 messages per 10 s per
 * member needs) and signed-out readers, so every message goes to exactly `--clients` sockets, the
 * sender's own included, on both servers. The frame sent by the bare server is one the app broadcast
 * (captured from its first message), with only the number in the text changed, so both write the same
 * bytes. Then, alternating which goes first, `--rounds` times: 20 warm-up messages, then `--messages`
 * one at a time (the next once every socket has the previous one) to each server.
 *
 * CPU per message: the server process's user + system time (`/proc/<pid>/stat`, every thread of the
 * process) over a round, divided by its messages — it does not depend on who else uses the cores.
 * The app's includes its database write (PGlite runs inside it); on PostgreSQL the backends'
 * CPU over the same round is read from /proc too and shown apart. The ratio is the median of the
 * rounds' app / bare ratios (each pair measured back to back).
 *
 * Pinning (unless `--unpinned`): both servers run under `taskset -c 0`, and this process (the 1,000
 * clients, every thread) moves to core 1, so the clients never take the server's core. PostgreSQL's
 * backends and anything else on the machine are not pinned: they still share both cores.
 *
 * `--cpu-prof <dir>`: a V8 CPU profile of each server over each round's measured messages (taken
 * through the inspector, `--inspect` on a free port), `<dir>/chat-<app|bare>-<database>-<round>.cpuprofile`;
 * read it with `bench/profile-top.ts`. Profiling slows both: take the ratio from a run without it.
 */
import { execFileSync } from "node:child_process";
import fs from "node:fs";
import pg from "pg";
import WebSocket from "ws";
import { liftedWriteLimitEnv } from "../src/server/limits/write-limit-rules.ts";
import { CHAT_PATH, CHAT_RATE_LIMIT } from "../src/shared/chat.ts";
import { createSignedInUser } from "../test/harness/factories.ts";
import {
  freePort,
  SERVER_MAIN,
  type ServerProcess,
  waitForHealthy,
} from "../test/harness/server-process.ts";
import { createServerStorage, withStorage } from "../test/harness/server-storage.ts";
import {
  benchArgs,
  CORES,
  DEFAULT_POSTGRES_URL,
  machineLine,
  markdownHeader,
  markdownRow,
  median,
  ONE_ADDRESS_LIMITS_LIFTED,
  onCleanUp,
  PRODUCTION_ENV,
  postgresReachable,
  runMain,
  startNode,
  tempDir,
} from "./bench-kit.ts";

const args = benchArgs({
  clients: 1000,
  messages: 200,
  rounds: 3,
  databases: null,
  unpinned: false,
  "cpu-prof": null,
});
const WARMUP = 20;
/** How long the servers' CPU is read with the sockets open and nothing sent. */
const IDLE_MS = 2_000;
const SERVER_CORE = "0";
const CLIENT_CORE = "1";
const pinned = !args.unpinned && CORES >= 2;
const BATCH = 50;
const now = () => performance.now();
const log = (line: string) => process.stderr.write(`${line}\n`);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

// ── CPU time from /proc ─────────────────────────────────────────────────────

/** CPU time (user + system, all threads) process `pid` has used so far, in ms; null if unreadable. */
function cpuMs(pid: number | undefined): number | null {
  try {
    const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    const fields = stat.split(") ")[1]?.split(" ") ?? [];
    return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
  } catch {
    return null;
  }
}

/** The CPU time of the PostgreSQL backends of `databaseUrl`, summed; null when not on this machine. */
async function backendsCpu(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  onCleanUp(() => client.end().catch(() => {}));
  return async (): Promise<Map<number, number> | null> => {
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
  };
}

function backendsCpuSince(before: Map<number, number> | null, after: Map<number, number> | null) {
  if (!before || !after) return null;
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

// ── receipts ────────────────────────────────────────────────────────────────

const MESSAGE_FRAME = Buffer.from('{"type":"message"');
// Zero-padded to six digits: the profanity filter reads some short numbers as leetspeak (455 → ass).
const MARK = Buffer.from('"text":"bench ');
const DIGITS = 6;
const textOf = (seq: number) => `bench ${String(seq).padStart(DIGITS, "0")}`;

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

/** Counts, per message, how many sockets have it, and resolves when the last one does. */
function createTally(receivers: number) {
  const counts = new Map<number, number>();
  const waiting = new Map<number, (at: number) => void>();
  let first: Buffer | undefined;
  return {
    onFrame(data: Buffer) {
      const seq = seqOf(data);
      if (seq < 0) return;
      first ??= Buffer.from(data);
      const count = (counts.get(seq) ?? 0) + 1;
      counts.set(seq, count);
      if (count === receivers) {
        counts.delete(seq);
        waiting.get(seq)?.(now());
        waiting.delete(seq);
      }
    },
    /** The first bench frame any socket received, byte for byte. */
    get firstFrame() {
      return first;
    },
    whenAll(seq: number, timeoutMs = 30_000): Promise<number> {
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`message ${seq} reached ${counts.get(seq) ?? 0} of ${receivers}`));
        }, timeoutMs);
        waiting.set(seq, (at) => {
          clearTimeout(timer);
          resolve(at);
        });
      });
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

// ── the two servers ─────────────────────────────────────────────────────────

type Target = {
  name: string;
  server: ServerProcess;
  tally: ReturnType<typeof createTally>;
  sockets: WebSocket[];
  /** Sends message `seq` from the `index`-th sender. */
  send(seq: number, index: number): void;
  cpu: number[];
  backends: (number | null)[];
  latencies: number[];
};

const wrapper = pinned ? ["taskset", "-c", SERVER_CORE] : [];

function open(server: ServerProcess, cookie?: string): Promise<WebSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}${CHAT_PATH}`, {
    origin: server.url,
    headers: cookie ? { cookie } : {},
  });
  onCleanUp(() => socket.terminate());
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

/** Opens `args.clients` sockets: the first `cookies.length` with those cookies, the rest without. */
async function connect(
  server: ServerProcess,
  cookies: (string | undefined)[],
  tally: Target["tally"],
) {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < args.clients; i += BATCH) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(BATCH, args.clients - i) }, (_, j) =>
        open(server, cookies[i + j]),
      ),
    );
    for (const socket of batch) {
      socket.on("message", (data: Buffer) => {
        if (data.includes('"type":"error"')) log(`${server.url} said ${String(data)}`);
        tally.onFrame(data);
      });
    }
    sockets.push(...batch);
  }
  return sockets;
}

async function startApp(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort();
  const server = startNode(
    // The inspector (on a free port) lets the profile cover the measured messages only.
    [...(args["cpu-prof"] ? ["--inspect=127.0.0.1:0"] : []), SERVER_MAIN],
    {
      PORT: String(port),
      ...PRODUCTION_ENV,
      LOG_LEVEL: "warn",
      WEB_DIR: tempDir("no-web"),
      ...ONE_ADDRESS_LIMITS_LIFTED, // every socket comes from this machine
      ...liftedWriteLimitEnv(), // the in-memory limit of 10 per 10 s per member still holds
      ...env,
    },
    port,
    { wrapper },
  );
  await waitForHealthy(server, 60_000);
  return server;
}

/**
 * Starts V8's sampling profiler in `server` (started with --inspect) through the DevTools protocol;
 * the function it answers stops it and writes the profile to `file`.
 */
async function startProfile(server: ServerProcess, file: string): Promise<() => Promise<void>> {
  const url = /ws:\/\/127\.0\.0\.1:\d+\/[\w-]+/.exec(server.stderr())?.[0];
  if (!url) throw new Error(`no inspector address in: ${server.stderr()}`);
  const socket = new WebSocket(url);
  onCleanUp(() => socket.terminate());
  await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
  let lastId = 0;
  const answers = new Map<number, (result: unknown) => void>();
  socket.on("message", (data: Buffer) => {
    const { id, result } = JSON.parse(String(data)) as { id?: number; result?: unknown };
    if (id !== undefined) answers.get(id)?.(result);
  });
  const call = (method: string, params = {}) =>
    new Promise<unknown>((resolve) => {
      const id = ++lastId;
      answers.set(id, resolve);
      socket.send(JSON.stringify({ id, method, params }));
    });
  await call("Profiler.enable");
  await call("Profiler.start");
  return async () => {
    const { profile } = (await call("Profiler.stop")) as { profile: unknown };
    fs.writeFileSync(file, JSON.stringify(profile));
    socket.close();
    log(`profile of the measured messages: ${file}`);
  };
}

async function startBare(): Promise<ServerProcess> {
  const port = await freePort();
  const server = startNode(
    [
      ...(args["cpu-prof"] ? ["--inspect=127.0.0.1:0"] : []),
      "bench/ws-bare-broadcast.ts",
      String(port),
    ],
    {},
    port,
    { wrapper },
  );
  await waitForHealthy(server, 30_000, { path: "/health" });
  return server;
}

// ── one database ────────────────────────────────────────────────────────────

async function compare(kind: "pglite" | "postgres") {
  const label = kind === "pglite" ? "PGlite" : "PostgreSQL";
  const appMessages = 1 + args.rounds * (WARMUP + args.messages);
  const senders = Math.ceil(appMessages / CHAT_RATE_LIMIT.messages);
  if (senders > args.clients)
    throw new Error(`--clients must be at least ${senders} (the senders)`);

  const storage = await createServerStorage(kind, DEFAULT_POSTGRES_URL);
  onCleanUp(() => storage.drop());
  const cookies = await withStorage(storage, async ({ db }) => {
    const made: string[] = [];
    for (let i = 0; i < senders; i++) {
      // Production names the session cookie with the __Host- prefix (it takes requests as HTTPS).
      made.push(`__Host-${(await createSignedInUser(db)).cookie}`);
    }
    return made;
  });
  const databaseUrl = "DATABASE_URL" in storage.env ? storage.env.DATABASE_URL : null;

  const appServer = await startApp(storage.env);
  const bareServer = await startBare();
  const appTally = createTally(args.clients);
  const bareTally = createTally(args.clients);
  const appSockets = await connect(appServer, cookies, appTally);
  const bareSockets = await connect(bareServer, [], bareTally);
  log(`${label}: ${args.clients} sockets on each server (${senders} senders)`);
  await sleep(500);
  const idleBefore = [cpuMs(appServer.child.pid) ?? 0, cpuMs(bareServer.child.pid) ?? 0];
  await sleep(IDLE_MS);
  const [appIdle, bareIdle] = [appServer, bareServer].map(
    (server, i) => (((cpuMs(server.child.pid) ?? 0) - (idleBefore[i] ?? 0)) * 1000) / IDLE_MS,
  );
  log(`${label}: idle with the sockets open, app ${appIdle} ms/s, bare ${bareIdle} ms/s of CPU`);

  let seq = 0;
  const app: Target = {
    name: "app",
    server: appServer,
    tally: appTally,
    sockets: appSockets,
    send(id, index) {
      const socket = appSockets[Math.floor(index / CHAT_RATE_LIMIT.messages)] as WebSocket;
      socket.send(JSON.stringify({ type: "send", text: textOf(id), clientId: `b${id}` }));
    },
    cpu: [],
    backends: [],
    latencies: [],
  };
  let appSent = 0;
  const sendToApp = async () => {
    const id = ++seq;
    const sentAt = now();
    app.send(id, appSent++);
    return (await app.tally.whenAll(id)) - sentAt;
  };

  // The frame the app broadcasts, captured from its first message: the bare server sends the same.
  await sendToApp();
  const captured = appTally.firstFrame;
  if (!captured) throw new Error("no frame captured from the app");
  const textAt = captured.indexOf(MARK) + MARK.length;
  log(`${label}: the app's frame (${captured.length} bytes): ${String(captured)}`);
  const bare: Target = {
    name: "bare ws",
    server: bareServer,
    tally: bareTally,
    sockets: bareSockets,
    send(id, index) {
      const frame = Buffer.from(captured);
      frame.write(String(id).padStart(DIGITS, "0"), textAt, "latin1");
      (bareSockets[index % senders] as WebSocket).send(frame, { binary: false });
    },
    cpu: [],
    backends: [],
    latencies: [],
  };
  let bareSent = 0;
  const sendToBare = async () => {
    const id = ++seq;
    const sentAt = now();
    bare.send(id, bareSent++);
    return (await bare.tally.whenAll(id)) - sentAt;
  };

  const readBackends = databaseUrl ? await backendsCpu(databaseUrl) : async () => null;
  const profileDir = args["cpu-prof"];
  const round = async (target: Target, sendOne: () => Promise<number>, r: number) => {
    for (let i = 0; i < WARMUP; i++) await sendOne();
    await sleep(200);
    const stopProfile = profileDir
      ? await startProfile(
          target.server,
          `${profileDir}/chat-${target === app ? "app" : "bare"}-${kind}-${r + 1}.cpuprofile`,
        )
      : undefined;
    const backendsBefore = await readBackends();
    const before = cpuMs(target.server.child.pid) ?? 0;
    for (let i = 0; i < args.messages; i++) target.latencies.push(await sendOne());
    const used = (cpuMs(target.server.child.pid) ?? 0) - before;
    const backendsUsed = backendsCpuSince(backendsBefore, await readBackends());
    await stopProfile?.();
    target.cpu.push(used / args.messages);
    target.backends.push(backendsUsed === null ? null : backendsUsed / args.messages);
  };
  const ratios: number[] = [];
  for (let r = 0; r < args.rounds; r++) {
    const order: [Target, () => Promise<number>][] = [
      [app, sendToApp],
      [bare, sendToBare],
    ];
    if (r % 2 === 1) order.reverse();
    for (const [target, sendOne] of order) await round(target, sendOne, r);
    const appCpu = app.cpu.at(-1) ?? 0;
    const bareCpu = bare.cpu.at(-1) ?? 0;
    ratios.push(appCpu / bareCpu);
    log(
      `${label} round ${r + 1}: app ${appCpu.toFixed(2)} ms/msg, bare ${bareCpu.toFixed(2)} ms/msg, ` +
        `ratio ${(appCpu / bareCpu).toFixed(2)}; ${machineLine()}`,
    );
  }

  for (const socket of [...appSockets, ...bareSockets]) socket.terminate();
  await Promise.all([appServer.stop(), bareServer.stop()]);

  const ms = (value: number) => value.toFixed(2);
  const latency = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${ms(percentile(sorted, 50))} / **${ms(percentile(sorted, 99))}** / ${ms(sorted.at(-1) ?? 0)}`;
  };
  const backends = app.backends.filter((value): value is number => value !== null);
  return [
    label,
    `${ms(median(app.cpu))} (${app.cpu.map(ms).join(", ")})`,
    `${ms(median(bare.cpu))} (${bare.cpu.map(ms).join(", ")})`,
    `**${median(ratios).toFixed(2)}** (${ratios.map((r) => r.toFixed(2)).join(", ")})`,
    kind === "postgres" ? (backends.length > 0 ? ms(median(backends)) : "—") : "(inside the app)",
    latency(app.latencies),
    latency(bare.latencies),
  ];
}

// ── main ────────────────────────────────────────────────────────────────────

await runMain(async () => {
  if (pinned) {
    // Every thread of this process (the clients) onto its own core; the servers start on the other.
    execFileSync("taskset", ["-a", "-p", "-c", CLIENT_CORE, String(process.pid)], {
      stdio: "ignore",
    });
  }
  console.log(
    `chat fan-out against a bare ws broadcast: ${args.clients} sockets per server, ` +
      `${args.rounds} rounds of ${args.messages} messages one at a time (after ${WARMUP} warm-up) ` +
      `to each; ${
        pinned
          ? `servers pinned to core ${SERVER_CORE}, clients to core ${CLIENT_CORE} (taskset)`
          : "nothing pinned"
      }; ${machineLine()}\n`,
  );
  if (args["cpu-prof"]) fs.mkdirSync(args["cpu-prof"], { recursive: true });
  const databases = (args.databases ?? "pglite,postgres").split(",");
  const unreachable = databases.includes("postgres")
    ? await postgresReachable(DEFAULT_POSTGRES_URL)
    : null;
  if (unreachable) log(`PostgreSQL skipped: ${unreachable}`);
  const rows: string[][] = [];
  for (const kind of databases) {
    if (kind !== "pglite" && kind !== "postgres") throw new Error(`unknown database ${kind}`);
    if (kind === "postgres" && unreachable) continue;
    rows.push(await compare(kind));
  }
  console.log(
    markdownHeader([
      "database",
      "app CPU ms/msg (rounds)",
      "bare ws CPU ms/msg (rounds)",
      "app / bare",
      "PostgreSQL backends ms/msg",
      "app send → last receipt p50 / p99 / max ms",
      "bare ws p50 / p99 / max ms",
    ]),
  );
  for (const row of rows) console.log(markdownRow(row));
  console.log(`\nat the end: ${machineLine()}`);
});
