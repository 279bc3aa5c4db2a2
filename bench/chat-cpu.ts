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
import WebSocket from "ws";
import { liftedWriteLimitEnv } from "../src/server/limits/write-limit-rules.ts";
import { CHAT_RATE_LIMIT } from "../src/shared/chat.ts";
import { freePort, type ServerProcess, waitForHealthy } from "../test/harness/server-process.ts";
import { createServerStorage, withStorage } from "../test/harness/server-storage.ts";
import { benchArgs, onCleanUp, runMain } from "./bench-kit.ts";
import { type BackendsCpu, backendsCpuSince, postgresBackends } from "./postgres-backends.ts";
import {
  CORES,
  cpuMs,
  machineLine,
  markdownHeader,
  markdownRow,
  median,
  percentile,
} from "./report.ts";
import { startAppServer, startNode } from "./servers.ts";
import { DEFAULT_POSTGRES_URL, postgresReachable, signedInCookies } from "./storage.ts";
import { benchText, createTally, openSwarm, SEQ_DIGITS, seqAt } from "./swarm.ts";

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

// ── the two servers ─────────────────────────────────────────────────────────

type Target = {
  name: string;
  server: ServerProcess;
  tally: ReturnType<typeof createTally>;
  sockets: WebSocket[];
  /** Sends message `seq` from the `index`-th sender. */
  send(seq: number, index: number): void;
  /** Messages sent so far. */
  sent: number;
  cpu: number[];
  backends: (number | null)[];
  latencies: number[];
};

const wrapper = pinned ? ["taskset", "-c", SERVER_CORE] : [];

/** Opens `args.clients` sockets: the first `cookies.length` with those cookies, the rest without. */
function connect(server: ServerProcess, cookies: (string | undefined)[], tally: Target["tally"]) {
  return openSwarm({
    count: args.clients,
    batch: BATCH,
    bases: [server.url],
    optionsOf: (i) => ({ cookie: cookies[i] }),
    onFrame: (data) => {
      if (data.includes('"type":"error"')) log(`${server.url} said ${String(data)}`);
      tally.onFrame(data);
    },
  });
}

function startApp(env: Record<string, string>): Promise<ServerProcess> {
  // The inspector (on a free port) lets the profile cover the measured messages only.
  const nodeArgs = args["cpu-prof"] ? ["--inspect=127.0.0.1:0"] : [];
  // The in-memory chat limit of 10 per 10 s per member still holds.
  return startAppServer({ ...liftedWriteLimitEnv(), ...env }, { nodeArgs, wrapper });
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

function newTarget(
  name: string,
  server: ServerProcess,
  tally: Target["tally"],
  sockets: WebSocket[],
  send: Target["send"],
): Target {
  return { name, server, tally, sockets, send, sent: 0, cpu: [], backends: [], latencies: [] };
}

let lastSeq = 0;
/** Sends the next message to `target`; answers the ms until every socket has it. */
async function sendOne(target: Target): Promise<number> {
  const id = ++lastSeq;
  const sentAt = now();
  target.send(id, target.sent++);
  return (await target.tally.whenAll(id)) - sentAt;
}

/** Logs the CPU the two servers use with their sockets open and nothing sent. */
async function logIdleCpu(label: string, servers: ServerProcess[]) {
  await sleep(500);
  const before = servers.map((server) => cpuMs(server.child.pid) ?? 0);
  await sleep(IDLE_MS);
  const [appIdle, bareIdle] = servers.map(
    (server, i) => (((cpuMs(server.child.pid) ?? 0) - (before[i] ?? 0)) * 1000) / IDLE_MS,
  );
  log(`${label}: idle with the sockets open, app ${appIdle} ms/s, bare ${bareIdle} ms/s of CPU`);
}

type BackendsReader = () => Promise<BackendsCpu>;

/** One round on `target`: warm-up, then `args.messages` measured (CPU, backends, latencies). */
async function round(target: Target, kind: string, r: number, readBackends: BackendsReader) {
  for (let i = 0; i < WARMUP; i++) await sendOne(target);
  await sleep(200);
  const profileDir = args["cpu-prof"];
  const profileName = target.name === "app" ? "app" : "bare";
  const stopProfile = profileDir
    ? await startProfile(
        target.server,
        `${profileDir}/chat-${profileName}-${kind}-${r + 1}.cpuprofile`,
      )
    : undefined;
  const backendsBefore = await readBackends();
  const before = cpuMs(target.server.child.pid) ?? 0;
  for (let i = 0; i < args.messages; i++) target.latencies.push(await sendOne(target));
  const used = (cpuMs(target.server.child.pid) ?? 0) - before;
  const backendsUsed = backendsCpuSince(backendsBefore, await readBackends());
  await stopProfile?.();
  target.cpu.push(used / args.messages);
  target.backends.push(backendsUsed === null ? null : backendsUsed / args.messages);
}

/** `args.rounds` rounds on both, alternating which goes first; answers the rounds' app / bare ratios. */
async function rounds(
  label: string,
  kind: string,
  app: Target,
  bare: Target,
  readBackends: BackendsReader,
) {
  const ratios: number[] = [];
  for (let r = 0; r < args.rounds; r++) {
    const order = r % 2 === 1 ? [bare, app] : [app, bare];
    for (const target of order) await round(target, kind, r, readBackends);
    const appCpu = app.cpu.at(-1) ?? 0;
    const bareCpu = bare.cpu.at(-1) ?? 0;
    ratios.push(appCpu / bareCpu);
    log(
      `${label} round ${r + 1}: app ${appCpu.toFixed(2)} ms/msg, bare ${bareCpu.toFixed(2)} ms/msg, ` +
        `ratio ${(appCpu / bareCpu).toFixed(2)}; ${machineLine()}`,
    );
  }
  return ratios;
}

function resultRow(label: string, kind: string, app: Target, bare: Target, ratios: number[]) {
  const ms = (value: number) => value.toFixed(2);
  const latency = (values: number[]) => {
    const sorted = [...values].sort((a, b) => a - b);
    return `${ms(percentile(sorted, 50))} / **${ms(percentile(sorted, 99))}** / ${ms(sorted.at(-1) ?? 0)}`;
  };
  const backends = app.backends.filter((value): value is number => value !== null);
  const backendsCell = backends.length > 0 ? ms(median(backends)) : "—";
  return [
    label,
    `${ms(median(app.cpu))} (${app.cpu.map(ms).join(", ")})`,
    `${ms(median(bare.cpu))} (${bare.cpu.map(ms).join(", ")})`,
    `**${median(ratios).toFixed(2)}** (${ratios.map((r) => r.toFixed(2)).join(", ")})`,
    kind === "postgres" ? backendsCell : "(inside the app)",
    latency(app.latencies),
    latency(bare.latencies),
  ];
}

async function compare(kind: "pglite" | "postgres") {
  const label = kind === "pglite" ? "PGlite" : "PostgreSQL";
  const appMessages = 1 + args.rounds * (WARMUP + args.messages);
  const senders = Math.ceil(appMessages / CHAT_RATE_LIMIT.messages);
  if (senders > args.clients)
    throw new Error(`--clients must be at least ${senders} (the senders)`);

  const storage = await createServerStorage(kind, DEFAULT_POSTGRES_URL);
  onCleanUp(() => storage.drop());
  // Production names the session cookie with the __Host- prefix (it takes requests as HTTPS).
  const cookies = (await withStorage(storage, ({ db }) => signedInCookies(db, senders))).map(
    (cookie) => `__Host-${cookie}`,
  );
  const databaseUrl = "DATABASE_URL" in storage.env ? storage.env.DATABASE_URL : null;

  const appServer = await startApp(storage.env);
  const bareServer = await startBare();
  const appTally = createTally(args.clients);
  const bareTally = createTally(args.clients);
  const appSockets = await connect(appServer, cookies, appTally);
  const bareSockets = await connect(bareServer, [], bareTally);
  log(`${label}: ${args.clients} sockets on each server (${senders} senders)`);
  await logIdleCpu(label, [appServer, bareServer]);

  const app = newTarget("app", appServer, appTally, appSockets, (id, index) => {
    const socket = appSockets[Math.floor(index / CHAT_RATE_LIMIT.messages)] as WebSocket;
    socket.send(JSON.stringify({ type: "send", text: benchText(id), clientId: `b${id}` }));
  });
  // The frame the app broadcasts, captured from its first message: the bare server sends the same.
  await sendOne(app);
  const captured = appTally.firstFrame;
  if (!captured) throw new Error("no frame captured from the app");
  const textAt = seqAt(captured);
  log(`${label}: the app's frame (${captured.length} bytes): ${String(captured)}`);
  const bare = newTarget("bare ws", bareServer, bareTally, bareSockets, (id, index) => {
    const frame = Buffer.from(captured);
    frame.write(String(id).padStart(SEQ_DIGITS, "0"), textAt, "latin1");
    (bareSockets[index % senders] as WebSocket).send(frame, { binary: false });
  });

  const backends = databaseUrl ? await postgresBackends(databaseUrl) : null;
  const readBackends = async () => (await backends?.read()) ?? null;
  const ratios = await rounds(label, kind, app, bare, readBackends);

  for (const socket of [...appSockets, ...bareSockets]) socket.terminate();
  await Promise.all([appServer.stop(), bareServer.stop()]);
  return resultRow(label, kind, app, bare, ratios);
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
