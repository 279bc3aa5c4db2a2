/**
 * Direct message latency benchmark (issue 17): one member sends another direct messages over HTTP
 * (`POST /api/conversations/with/:username/messages`), one at a time, and the clock runs from the
 * send to the moment the `dm` frame is on the recipient's socket; meanwhile 1,000 other members
 * (default) sit signed in on idle sockets without the room (`?room=0`, what every page but /chatapp
 * keeps open). A direct message goes only to its two members' sockets, so those idle sockets should
 * cost it nothing; `--idle 0` measures the same without them.
 *
 *   npx node bench/dm-latency.ts [--idle 1000] [--messages 300] [--only pglite|postgres|pair]
 *     [--cpu-prof <dir>]   (a CPU profile of each server; read it with bench/profile-top.ts)
 *
 * Set-ups: one instance on the embedded database, one instance on PostgreSQL, and two instances
 * sharing PostgreSQL with the sender on the first and the recipient on the second (the message
 * reaches the second through LISTEN/NOTIFY); idle sockets are split between the instances. Sender
 * and recipient each have one socket open, as a member with the app open would. PostgreSQL comes
 * from BENCH_DATABASE_URL or TEST_DATABASE_URL, else the local server (a scratch database is created
 * there and dropped afterwards); when none answers, only the embedded set-up runs. Write limits are
 * lifted (a person sends 30 a minute). Rows: send → recipient's frame p50/p99/max, the sender's HTTP
 * answer p50/p99, and the servers' CPU time per message (user + system from /proc, every server of
 * the set-up, over the measured messages), beside what they use idle with the sockets open (per
 * second, measured for 2 s before the messages). On PGlite the database runs inside the server, so
 * its work is in that figure; on PostgreSQL a second figure adds the database's backends serving the
 * set-up (read from /proc too, so only for a server on this machine: "—" otherwise).
 */
import fs from "node:fs";
import pg from "pg";
import WebSocket from "ws";
import { liftedWriteLimitEnv } from "../src/server/limits/write-limit-rules.ts";
import { CHAT_PATH } from "../src/shared/chat.ts";
import { sendDirectMessageResponseSchema } from "../src/shared/direct-messages.ts";
import { createSignedInUser, type TestUser } from "../test/harness/factories.ts";
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
  onCleanUp,
  postgresReachable,
  runMain,
} from "./bench-kit.ts";

const args = benchArgs({ idle: 1000, messages: 300, only: null, "cpu-prof": null });
/** How long the servers' CPU is read with the sockets open and nothing sent. */
const IDLE_MS = 2_000;
const WARMUP = 20;
/** Members written into the database (and sockets opened) this many at a time. */
const BATCH = 50;
const now = () => performance.now();
const log = (line: string) => process.stderr.write(`${line}\n`);

// ── set-up ──────────────────────────────────────────────────────────────────

type Setup = {
  name: string;
  servers: ServerProcess[];
  /** The PostgreSQL database the servers share; none on PGlite. */
  databaseUrl: string | null;
  sender: TestUser;
  recipient: TestUser;
  idleCookies: string[];
};

async function startAll(env: Record<string, string>, count: number): Promise<ServerProcess[]> {
  const servers = await Promise.all(
    Array.from({ length: count }, async () => {
      const profile = args["cpu-prof"];
      const nodeArgs = profile ? ["--cpu-prof", `--cpu-prof-dir=${profile}`] : [];
      const server = startServer(
        {
          PORT: String(await freePort()),
          LOG_LEVEL: "error",
          // Every socket comes from this machine.
          CHAT_SOCKETS_PER_ADDRESS: "100000",
          CHAT_UPGRADES_PER_ADDRESS_PER_MINUTE: "100000",
          MAX_CONNECTIONS_PER_ADDRESS: "100000",
          ...liftedWriteLimitEnv(), // one sender, far faster than 30 messages a minute
          ...env,
        },
        { nodeArgs },
      );
      onCleanUp(() => server.stop().then(() => {}));
      return server;
    }),
  );
  await Promise.all(servers.map((s) => waitForHealthy(s, 60_000)));
  return servers;
}

/** The servers on fresh storage, with the sender, the recipient and the idle members in it. */
async function setUp(
  name: string,
  kind: "pglite" | "postgres",
  instances: number,
  adminUrl?: string,
): Promise<Setup> {
  const storage = await createServerStorage(kind, adminUrl);
  onCleanUp(() => storage.drop());
  const members = await withStorage(storage, async ({ db }) => {
    const sender = await createSignedInUser(db, { username: "dm_sender" });
    const recipient = await createSignedInUser(db, { username: "dm_recipient" });
    const idleCookies: string[] = [];
    for (let i = 0; i < args.idle; i += BATCH) {
      const batch = await Promise.all(
        Array.from({ length: Math.min(BATCH, args.idle - i) }, () => createSignedInUser(db)),
      );
      idleCookies.push(...batch.map((member) => member.cookie));
    }
    return { sender, recipient, idleCookies };
  });
  const servers = await startAll(storage.env, instances);
  const databaseUrl = "DATABASE_URL" in storage.env ? storage.env.DATABASE_URL : null;
  return { name, servers, databaseUrl, ...members };
}

// ── clients ─────────────────────────────────────────────────────────────────

/** A signed-in socket without the public room (`?room=0`): only the member's own frames. */
function openWithoutRoom(server: ServerProcess, cookie: string): Promise<WebSocket> {
  const socket = new WebSocket(`ws://127.0.0.1:${server.port}${CHAT_PATH}?room=0`, {
    origin: server.url,
    headers: { cookie },
  });
  onCleanUp(() => socket.terminate());
  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(socket));
    socket.once("error", reject);
  });
}

const DM_FRAME = '"type":"dm"';
const CHANGED_FRAME = '"type":"conversations-changed"';

/**
 * When each direct message (by id) reached a socket; `when(id)` waits for it. Also counts the
 * "read your conversations again" frames: besides a new conversation, an instance sends one when
 * its LISTEN connection came back (a message notified meanwhile is not sent live; the client
 * refetches it), which is why a message can fail to arrive here.
 */
function createInbox(socket: WebSocket, expectedSender: string) {
  const arrived = new Map<number, number>();
  const waiting = new Map<number, (at: number) => void>();
  let refetchFrames = 0;
  socket.on("message", (data: Buffer) => {
    const at = now();
    if (data.includes(CHANGED_FRAME)) refetchFrames++;
    if (!data.includes(DM_FRAME)) return;
    const frame = JSON.parse(String(data));
    if (frame.type !== "dm") return;
    if (frame.message.sender !== expectedSender) {
      log(`unexpected dm from ${frame.message.sender} (expected ${expectedSender})`);
      return;
    }
    arrived.set(frame.message.id, at);
    waiting.get(frame.message.id)?.(at);
  });
  return {
    when(id: number, timeoutMs = 30_000): Promise<number> {
      const at = arrived.get(id);
      if (at !== undefined) return Promise.resolve(at);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `direct message ${id} never reached the recipient ` +
                  `(${refetchFrames} conversations-changed frames so far)`,
              ),
            ),
          timeoutMs,
        );
        waiting.set(id, (doneAt) => {
          clearTimeout(timer);
          waiting.delete(id);
          resolve(doneAt);
        });
      });
    },
  };
}

function percentile(sorted: number[], p: number): number {
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

/** CPU time (user + system) process `pid` has used so far, in ms; null when it is not readable. */
function cpuMs(pid: number | undefined): number | null {
  let stat: string;
  try {
    stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
  } catch {
    return null;
  }
  const fields = stat.split(") ")[1]?.split(" ") ?? [];
  return (Number(fields[11]) + Number(fields[12])) * 10; // clock ticks of 10 ms
}

/** CPU time each server has used so far, in ms. */
function serversCpuMs(servers: ServerProcess[]): number[] {
  return servers.map((server) => cpuMs(server.child.pid) ?? 0);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

/**
 * The CPU time of the PostgreSQL backends connected to `databaseUrl` (the servers' pools and
 * listeners), by pid: `read()` answers it, or null when the database is not on this machine.
 */
async function databaseBackends(databaseUrl: string) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  let open = true;
  const close = async () => {
    if (open) await client.end();
    open = false;
  };
  onCleanUp(close);
  return {
    async read(): Promise<Map<number, number> | null> {
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
function backendsCpuSince(
  before: Map<number, number> | null,
  after: Map<number, number> | null,
): number | null {
  if (!before || !after) return null;
  let sum = 0;
  for (const [pid, ms] of after) sum += ms - (before.get(pid) ?? 0);
  return sum;
}

async function run(setup: Setup) {
  const { servers, sender, recipient } = setup;
  const first = servers[0] as ServerProcess;
  const last = servers.at(-1) as ServerProcess;
  const idleSockets: WebSocket[] = [];
  for (let i = 0; i < setup.idleCookies.length; i += BATCH) {
    const cookies = setup.idleCookies.slice(i, i + BATCH);
    idleSockets.push(
      ...(await Promise.all(
        cookies.map((cookie, j) =>
          openWithoutRoom(servers[(i + j) % servers.length] as ServerProcess, cookie),
        ),
      )),
    );
  }
  const senderSocket = await openWithoutRoom(first, sender.cookie);
  const recipientSocket = await openWithoutRoom(last, recipient.cookie);
  const inbox = createInbox(recipientSocket, sender.username);
  log(`${setup.name}: ${idleSockets.length} idle members connected`);
  await new Promise((r) => setTimeout(r, 500));
  const idleCpuBefore = serversCpuMs(servers);
  await new Promise((r) => setTimeout(r, IDLE_MS));
  const idleCpuPerSecond = ((sum(serversCpuMs(servers)) - sum(idleCpuBefore)) * 1000) / IDLE_MS;

  const url = `${first.url}/api/conversations/with/${recipient.username}/messages`;
  const send = async (seq: number): Promise<number> => {
    const res = await fetch(url, {
      method: "POST",
      headers: { cookie: sender.cookie, "content-type": "application/json" },
      // Zero-padded: the profanity filter reads some short numbers as leetspeak (455 → ass).
      body: JSON.stringify({
        text: `dm bench ${String(seq).padStart(6, "0")}`,
        clientId: `d${seq}`,
      }),
    });
    const body = await res.json();
    if (res.status !== 201) throw new Error(`send ${seq}: ${res.status} ${JSON.stringify(body)}`);
    return sendDirectMessageResponseSchema.parse(body).message.id;
  };

  // One message at a time: the next once the recipient has the previous one and the sender its answer.
  const latencies: number[] = [];
  const answers: number[] = [];
  const backends = setup.databaseUrl ? await databaseBackends(setup.databaseUrl) : null;
  let serverCpuBefore: number[] = [];
  let backendsCpuBefore: Map<number, number> | null = null;
  for (let seq = 0; seq < WARMUP + args.messages; seq++) {
    if (seq === WARMUP) {
      backendsCpuBefore = (await backends?.read()) ?? null;
      serverCpuBefore = serversCpuMs(servers);
    }
    const sentAt = now();
    const id = await send(seq);
    const answeredAt = now();
    const receivedAt = await inbox.when(id).catch((error: Error) => {
      const said = servers.map((server, i) => `server ${i + 1} said:\n${server.stderr()}`);
      throw new Error([error.message, ...said].join("\n"));
    });
    if (seq >= WARMUP) {
      latencies.push(receivedAt - sentAt);
      answers.push(answeredAt - sentAt);
    }
  }
  const perServer = serversCpuMs(servers).map((used, i) => used - (serverCpuBefore[i] ?? 0));
  const serverCpu = sum(perServer);
  if (servers.length > 1) {
    const each = perServer.map((used) => (used / args.messages).toFixed(2));
    log(`${setup.name}: server CPU ms/msg, sender's instance first: ${each.join(", ")}`);
  }
  const backendsCpu = backendsCpuSince(backendsCpuBefore, (await backends?.read()) ?? null);
  await backends?.close();
  latencies.sort((a, b) => a - b);
  answers.sort((a, b) => a - b);

  for (const socket of [...idleSockets, senderSocket, recipientSocket]) socket.terminate();
  const ms = (value: number) => Number(value.toFixed(2));
  return {
    setup: setup.name,
    "idle members": idleSockets.length,
    "send → frame p50 ms": ms(percentile(latencies, 50)),
    "p99 ms": ms(percentile(latencies, 99)),
    "max ms": ms(latencies.at(-1) ?? 0),
    "HTTP answer p50 ms": ms(percentile(answers, 50)),
    "HTTP p99 ms": ms(percentile(answers, 99)),
    "server CPU ms/msg": ms(serverCpu / args.messages),
    "+ PostgreSQL ms/msg":
      backendsCpu === null ? "—" : ms((serverCpu + backendsCpu) / args.messages),
    "idle server CPU ms/s": ms(idleCpuPerSecond),
  };
}

// ── main ──────────────────────────────────────────────────────────────────────

await runMain(async () => {
  console.log(
    `direct messages: ${args.messages} sent one at a time (after ${WARMUP} warm-up), ` +
      `${args.idle} idle members connected; ${machineLine()}\n`,
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
    plans.push([
      "pair",
      () => setUp("2 instances, PostgreSQL", "postgres", 2, DEFAULT_POSTGRES_URL),
    ]);
  }
  const rows: Awaited<ReturnType<typeof run>>[] = [];
  for (const [key, prepare] of plans) {
    if (args.only && args.only !== key) continue;
    const setup = await prepare();
    rows.push(await run(setup));
    await Promise.all(setup.servers.map((server) => server.stop()));
  }
  console.log(markdownHeader(Object.keys(rows[0] ?? {})));
  for (const row of rows) console.log(markdownRow(Object.values(row)));
  console.log(`\nat the end: ${machineLine()}`);
});
