import { randomBytes } from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import readline from "node:readline";
import type WebSocket from "ws";
import { liftedWriteLimitEnv } from "../src/server/limits/write-limit-rules.ts";
import { SKILL_OPTIONS } from "../src/shared/constants.ts";
import { freePort, SERVER_MAIN, waitForHealthy } from "../test/harness/server-process.ts";
import { benchArgs, runMain, tempDir } from "./bench-kit.ts";
import { cpuMs, machineLine, percentile } from "./report.ts";
import { ONE_ADDRESS_LIMITS_LIFTED, PRODUCTION_ENV, startNode } from "./servers.ts";
import { DEFAULT_POSTGRES_URL, postgresReachable, scratchPostgres } from "./storage.ts";
import { isMessageFrame, openChatSocket, openSwarm } from "./swarm.ts";

const args = benchArgs({ seconds: 60, scale: 1, clients: 1000, users: 40, only: null });
const TIMEOUT_MS = 10_000;

/** Requests per second of each kind at --scale 1 (chat: messages per second, each to every client). */
const MIX = {
  "GET /api/articles": 40,
  "GET /api/articles?topic=": 10,
  "GET /api/articles/:id": 40,
  "GET /api/users/username/:u": 20,
  "GET /api/reviews?created_about=": 20,
  "GET /api/me": 20,
  "POST /api/articles": 5,
  "PUT /api/users/:u": 5,
  "POST /api/reviews": 5,
  "POST /api/auth/login": 3,
  "chat send": 2,
} as const;
type Kind = keyof typeof MIX;

type User = { email: string; password: string; username: string; cookie: string };

// ── statistics ──────────────────────────────────────────────────────────────

type Stat = { latencies: number[]; errors: number; statuses: Map<string, number> };
const stats = new Map<string, Stat>();
const statOf = (kind: string): Stat => {
  let stat = stats.get(kind);
  if (!stat) {
    stat = { latencies: [], errors: 0, statuses: new Map() };
    stats.set(kind, stat);
  }
  return stat;
};
function record(kind: string, ms: number, outcome: string, ok: boolean): void {
  const stat = statOf(kind);
  stat.latencies.push(ms);
  if (!ok) {
    stat.errors++;
    stat.statuses.set(outcome, (stat.statuses.get(outcome) ?? 0) + 1);
  }
}

// ── HTTP ────────────────────────────────────────────────────────────────────

/** The parts of an answer this benchmark reads. */
type Answer = { article?: { id: number } };

type Call = {
  method: "GET" | "POST" | "PUT";
  path: string;
  body?: unknown;
  cookie?: string;
  expect: number;
};

async function call(
  base: string,
  c: Call,
): Promise<{ status: number; json: Answer | null; headers: Headers }> {
  const res = await fetch(`${base}${c.path}`, {
    method: c.method,
    headers: {
      accept: "application/json",
      ...(c.body === undefined ? {} : { "content-type": "application/json" }),
      ...(c.cookie ? { cookie: c.cookie } : {}),
      // What a browser sends with the app's own requests (the CSRF check reads them).
      ...(c.method === "GET" ? {} : { origin: base, "sec-fetch-site": "same-origin" }),
    },
    body: c.body === undefined ? undefined : JSON.stringify(c.body),
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  const text = await res.text();
  return { status: res.status, json: text ? JSON.parse(text) : null, headers: res.headers };
}

async function measured(base: string, kind: Kind, c: Call): Promise<Answer | null> {
  const started = performance.now();
  try {
    const res = await call(base, c);
    record(kind, performance.now() - started, String(res.status), res.status === c.expect);
    return res.json;
  } catch (error) {
    const name = error instanceof Error ? error.name : "error";
    record(kind, performance.now() - started, name, false);
    return null;
  }
}

const sessionCookie = (headers: Headers) => headers.getSetCookie()[0]?.split(";")[0] ?? "";

// ── set-up: users with profiles, posts, chat clients ────────────────────────

async function seed(base: string) {
  const users: User[] = [];
  for (let i = 0; i < args.users; i++) {
    const id = randomBytes(4).toString("hex");
    const user = {
      email: `load-${id}@example.test`,
      password: `pw-${id}-Load!`,
      username: `load_${id}`,
    };
    const reg = await call(base, {
      method: "POST",
      path: "/api/auth/register",
      body: { email: user.email, password: user.password },
      expect: 201,
    });
    if (reg.status !== 201)
      throw new Error(`sign-up failed: ${reg.status} ${JSON.stringify(reg.json)}`);
    const cookie = sessionCookie(reg.headers);
    const skills = [SKILL_OPTIONS[i % SKILL_OPTIONS.length] as string];
    const made = await call(base, {
      method: "POST",
      path: "/api/users",
      body: { username: user.username, skills, interests: [] },
      cookie,
      expect: 201,
    });
    if (made.status !== 201) throw new Error(`profile failed: ${made.status}`);
    users.push({ ...user, cookie });
  }
  const postIds: number[] = [];
  for (let i = 0; i < 200; i++) {
    const user = users[i % users.length] as User;
    const res = await call(base, {
      method: "POST",
      path: "/api/articles",
      body: { title: `Seed post ${i}`, topic: TOPICS[i % TOPICS.length], body: BODY },
      cookie: user.cookie,
      expect: 201,
    });
    if (res.status !== 201) throw new Error(`post failed: ${res.status}`);
    postIds.push(res.json?.article?.id ?? 0);
  }
  return { users, postIds };
}

const TOPICS = ["Music", "Gardening", "Cooking", "Plumbing", "Maths", "Design"];
const BODY =
  "Weekly sessions for beginners and improvers, small groups, all materials provided. ".repeat(6);

type ChatRoom = {
  readers: WebSocket[];
  senders: WebSocket[];
  delivered: () => number;
  unexpectedCloses: () => number;
  errorFrames: () => number;
  acks: Map<string, (ms: number) => void>;
  close(): void;
};

async function openChat(base: string, users: User[]): Promise<ChatRoom> {
  let delivered = 0;
  let unexpectedCloses = 0;
  let errorFrames = 0;
  let closing = false;
  const acks = new Map<string, (ms: number) => void>();
  const onClose = () => {
    if (!closing) unexpectedCloses++;
  };
  const open = (cookie?: string) => openChatSocket(base, { cookie, onClose });
  const readers = await openSwarm({
    count: args.clients,
    batch: 100,
    bases: [base],
    optionsOf: () => ({ onClose }),
    onFrame: (data) => {
      if (isMessageFrame(data)) delivered++;
    },
  });
  const senders = await Promise.all(users.slice(0, 10).map((u) => open(u.cookie)));
  for (const ws of senders) {
    ws.on("message", (data: Buffer) => {
      const text = String(data);
      if (text.startsWith('{"type":"ack"')) {
        const { clientId } = JSON.parse(text) as { clientId: string };
        acks.get(clientId)?.(performance.now());
        acks.delete(clientId);
      } else if (text.startsWith('{"type":"error"')) {
        errorFrames++;
        console.error(`chat error frame: ${text}`);
      }
    });
  }
  return {
    readers,
    senders,
    delivered: () => delivered,
    unexpectedCloses: () => unexpectedCloses,
    errorFrames: () => errorFrames,
    acks,
    close() {
      closing = true;
      for (const ws of [...readers, ...senders]) ws.terminate();
    },
  };
}

// ── the run ─────────────────────────────────────────────────────────────────

const rssMb = (pid: number | undefined) =>
  Number(/VmRSS:\s+(\d+)/.exec(fs.readFileSync(`/proc/${pid}/status`, "utf8"))?.[1] ?? 0) / 1024;

/**
 * Loaded into the server process (`--import`): once a second it prints the longest time its event
 * loop was held up, whether by its own work or by waiting for a CPU on a busy machine.
 */
const STALL_PROBE = `data:text/javascript,${encodeURIComponent(`
import { monitorEventLoopDelay } from "node:perf_hooks";
const delay = monitorEventLoopDelay({ resolution: 5 });
delay.enable();
setInterval(() => {
  process.stderr.write("stall-probe " + Math.round(delay.max / 1e6) + "\\n");
  delay.reset();
}, 1000).unref();
`)}`;

/**
 * The server as its own process, in production mode, its JSON log read as it comes: the
 * `responseTime` of each "request completed" line gives the server's own view of the latency.
 */
function startServerProcess(env: Record<string, string>, port: number) {
  const server = startNode(["--import", STALL_PROBE, SERVER_MAIN], env, port, { stdout: "pipe" });
  const log = {
    measuring: false,
    responseTimes: [] as number[],
    serverErrors: 0,
    /** Longest event-loop stall of the server in each second measured. */
    stalls: [] as number[],
  };
  if (server.child.stderr) {
    readline.createInterface({ input: server.child.stderr }).on("line", (line) => {
      const stall = /^stall-probe (\d+)$/.exec(line);
      if (stall && log.measuring) log.stalls.push(Number(stall[1]));
    });
  }
  if (server.child.stdout) {
    readline.createInterface({ input: server.child.stdout }).on("line", (line) => {
      if (!log.measuring || !line.includes('"request completed"')) return;
      const entry = JSON.parse(line) as { responseTime?: number; res?: { statusCode?: number } };
      log.responseTimes.push(entry.responseTime ?? 0);
      if ((entry.res?.statusCode ?? 0) >= 500) log.serverErrors++;
    });
  }
  return { ...server, log };
}

type Load = {
  base: string;
  users: User[];
  postIds: number[];
  room: ChatRoom;
  /** Author>subject pairs reviewed so far (one review per pair). */
  reviewed: Set<string>;
  sequence: number;
  chatSent: number;
  chatLatencies: number[];
};

const pick = <T>(list: T[]): T => list[Math.floor(Math.random() * list.length)] as T;

/** The reads: the path of each (and whether it goes signed in). */
const READS: Partial<Record<Kind, (user: User, load: Load) => string>> = {
  "GET /api/articles": () => "/api/articles",
  "GET /api/articles?topic=": () => `/api/articles?topic=${pick(TOPICS)}`,
  "GET /api/articles/:id": (_user, load) => `/api/articles/${pick(load.postIds)}`,
  "GET /api/users/username/:u": (user) => `/api/users/username/${user.username}`,
  "GET /api/reviews?created_about=": (user) => `/api/reviews?created_about=${user.username}`,
  "GET /api/me": () => "/api/me",
};

/** One review per author and subject: a subject `user` has not reviewed yet (after 50 tries, any). */
function unreviewedSubject(load: Load, user: User): User {
  let subject = pick(load.users);
  for (let tries = 0; tries < 50; tries++) {
    if (subject !== user && !load.reviewed.has(`${user.username}>${subject.username}`)) break;
    subject = pick(load.users);
  }
  load.reviewed.add(`${user.username}>${subject.username}`);
  return subject;
}

/** The writes: the call each makes as `user`, the `n`-th request. */
const WRITES: Partial<Record<Kind, (user: User, n: number, load: Load) => Call>> = {
  "POST /api/articles": (user, n) => ({
    method: "POST",
    path: "/api/articles",
    body: { title: `Load post ${n}`, topic: pick(TOPICS), body: BODY },
    cookie: user.cookie,
    expect: 201,
  }),
  "PUT /api/users/:u": (user, n) => ({
    method: "PUT",
    path: `/api/users/${user.username}`,
    body: { bio: `Bio edited under load (${n}).` },
    cookie: user.cookie,
    expect: 200,
  }),
  "POST /api/reviews": (user, n, load) => ({
    method: "POST",
    path: "/api/reviews",
    body: {
      created_about: unreviewedSubject(load, user).username,
      title: `Review ${n}`,
      body: "Great work, on time.",
      rating: 1 + (n % 5),
    },
    cookie: user.cookie,
    expect: 201,
  }),
  "POST /api/auth/login": (user) => ({
    method: "POST",
    path: "/api/auth/login",
    body: { email: user.email, password: user.password },
    expect: 200,
  }),
};

/** Sends a chat message and waits for its ack (or the timeout). */
function sendChat(load: Load): Promise<void> {
  const { room } = load;
  const ws = room.senders[load.chatSent % room.senders.length] as WebSocket;
  const clientId = `load-${++load.chatSent}`;
  const sentAt = performance.now();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(() => {
      room.acks.delete(clientId);
      record("chat send", TIMEOUT_MS, "no ack", false);
      resolve();
    }, TIMEOUT_MS);
    room.acks.set(clientId, (at) => {
      clearTimeout(timer);
      record("chat send", at - sentAt, "ack", true);
      load.chatLatencies.push(at - sentAt);
      resolve();
    });
    ws.send(JSON.stringify({ type: "send", text: `load message ${load.chatSent}`, clientId }));
  });
}

function fire(load: Load, kind: Kind): Promise<unknown> {
  const n = ++load.sequence;
  const user = pick(load.users);
  const read = READS[kind];
  if (read) {
    const cookie = kind === "GET /api/me" ? user.cookie : undefined;
    return measured(load.base, kind, {
      method: "GET",
      path: read(user, load),
      cookie,
      expect: 200,
    });
  }
  const write = WRITES[kind];
  if (!write) return sendChat(load);
  const answer = measured(load.base, kind, write(user, n, load));
  return answer.then((json) => {
    if (json?.article) load.postIds.push(json.article.id);
  });
}

/** Fires the mix at `args.scale` for `args.seconds`; answers the seconds it took. */
async function driveMix(load: Load) {
  const inFlight = new Set<Promise<unknown>>();
  const owed = new Map<Kind, number>(Object.keys(MIX).map((k) => [k as Kind, 0]));
  const started = performance.now();
  let last = started;
  while (performance.now() - started < args.seconds * 1000) {
    await new Promise((resolve) => setTimeout(resolve, 10));
    const now = performance.now();
    const dt = (now - last) / 1000;
    last = now;
    for (const [kind, rate] of Object.entries(MIX) as [Kind, number][]) {
      let due = (owed.get(kind) ?? 0) + rate * args.scale * dt;
      for (; due >= 1; due -= 1) {
        const p = fire(load, kind).finally(() => inFlight.delete(p));
        inFlight.add(p);
      }
      owed.set(kind, due);
    }
  }
  const elapsed = (performance.now() - started) / 1000;
  await Promise.all(inFlight);
  return elapsed;
}

/** Fan-out: every reader gets every acknowledged message; gives the last ones a moment. */
async function awaitFanout(load: Load) {
  const expected = load.chatLatencies.length * load.room.readers.length;
  const deadline = performance.now() + 10_000;
  while (load.room.delivered() < expected && performance.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return expected - load.room.delivered();
}

function kindRows() {
  return [...stats.entries()].map(([kind, stat]) => {
    const sorted = [...stat.latencies].sort((a, b) => a - b);
    return {
      kind,
      "rate/s": Number(((MIX[kind as Kind] ?? 0) * args.scale).toFixed(1)),
      requests: sorted.length,
      errors: stat.errors,
      "p50 ms": Number(percentile(sorted, 50).toFixed(1)),
      "p99 ms": Number(percentile(sorted, 99).toFixed(1)),
      "max ms": Number((sorted.at(-1) ?? 0).toFixed(1)),
      ...(stat.errors ? { failures: JSON.stringify(Object.fromEntries(stat.statuses)) } : {}),
    };
  });
}

type Measured = {
  name: string;
  elapsed: number;
  load: Load;
  server: ReturnType<typeof startServerProcess>;
  deliveriesMissing: number;
  chatProblems: number;
  cpu: number;
  rss: number;
  healthStatus: number;
  clientLagP99Ms: number;
  loadBefore: number;
};

const fixed1 = (value: number) => Number(value.toFixed(1));

function summaryOf(m: Measured) {
  const http = [...stats.entries()].filter(([kind]) => kind !== "chat send");
  const all = http.flatMap(([, s]) => s.latencies).sort((a, b) => a - b);
  const httpErrors = http.reduce((sum, [, s]) => sum + s.errors, 0);
  const serverTimes = [...m.server.log.responseTimes].sort((a, b) => a - b);
  const { room, chatLatencies } = m.load;
  return {
    setup: m.name,
    seconds: fixed1(m.elapsed),
    "HTTP requests": all.length,
    "HTTP req/s": Math.round(all.length / m.elapsed),
    "HTTP errors": httpErrors,
    "HTTP error rate %": Number(((100 * httpErrors) / Math.max(1, all.length)).toFixed(3)),
    "HTTP p50 ms": fixed1(percentile(all, 50)),
    "HTTP p99 ms": fixed1(percentile(all, 99)),
    "chat clients": room.readers.length,
    "chat messages": m.load.chatSent,
    "chat deliveries": room.delivered(),
    "chat deliveries missing": m.deliveriesMissing,
    "chat errors": statOf("chat send").errors + m.chatProblems,
    "chat ack p99 ms": fixed1(
      percentile(
        [...chatLatencies].sort((a, b) => a - b),
        99,
      ),
    ),
    "server-side p50 ms": fixed1(percentile(serverTimes, 50)),
    "server-side p99 ms": fixed1(percentile(serverTimes, 99)),
    "server 5xx": m.server.log.serverErrors,
    "server event-loop stall max ms": Math.max(0, ...m.server.log.stalls),
    "server seconds with a stall over 100 ms": m.server.log.stalls.filter((ms) => ms > 100).length,
    "client event-loop delay p99 ms": fixed1(m.clientLagP99Ms),
    "server CPU %": Math.round((100 * m.cpu) / m.elapsed),
    "server RSS MB": Math.round(m.rss),
    "health after": m.healthStatus,
    "load average (1 min) before/after": `${m.loadBefore.toFixed(2)} / ${(os.loadavg()[0] ?? 0).toFixed(2)}`,
  };
}

async function startLoadServer(env: Record<string, string>) {
  const port = await freePort();
  const server = startServerProcess(
    {
      PORT: String(port),
      ...PRODUCTION_ENV,
      ...ONE_ADDRESS_LIMITS_LIFTED,
      LOG_LEVEL: "info",
      AUTH_SIGNUP_PER_IP_PER_HOUR: "1000000",
      AUTH_SIGNIN_PER_IP_PER_MINUTE: "1000000",
      ...liftedWriteLimitEnv(), // a few accounts write the whole load
      ...env,
    },
    port,
  );
  await waitForHealthy(server, 60_000);
  return server;
}

async function runLoad(name: string, env: Record<string, string>) {
  stats.clear();
  const server = await startLoadServer(env);
  const base = server.url;
  console.error(`── ${name}: seeding ${args.users} users and 200 posts…`);
  const { users, postIds } = await seed(base);
  const room = await openChat(base, users);
  console.error(
    `   ${room.readers.length} chat clients connected; ${args.seconds} s of load at scale ${args.scale}…`,
  );
  const load: Load = {
    base,
    users,
    postIds,
    room,
    reviewed: new Set(),
    sequence: 0,
    chatSent: 0,
    chatLatencies: [],
  };

  const cpuBefore = (cpuMs(server.child.pid) ?? 0) / 1000;
  const loadBefore = os.loadavg()[0] ?? 0;
  // How late this process's own timers ran: a busy machine delays the client, not only the server.
  const clientLag = monitorEventLoopDelay({ resolution: 10 });
  clientLag.enable();
  server.log.measuring = true;
  const elapsed = await driveMix(load);
  server.log.measuring = false;
  clientLag.disable();
  const deliveriesMissing = await awaitFanout(load);
  const cpu = (cpuMs(server.child.pid) ?? 0) / 1000 - cpuBefore;
  const rss = rssMb(server.child.pid);
  const health = await call(base, { method: "GET", path: "/api/health", expect: 200 });
  const chatProblems =
    room.unexpectedCloses() + room.errorFrames() + Math.max(0, deliveriesMissing);
  room.close();
  await server.stop();
  const summary = summaryOf({
    name,
    elapsed,
    load,
    server,
    deliveriesMissing,
    chatProblems,
    cpu,
    rss,
    healthStatus: health.status,
    clientLagP99Ms: clientLag.percentile(99) / 1e6,
    loadBefore,
  });
  return { rows: kindRows(), summary };
}

await runMain(async () => {
  console.log(`mixed load: ${machineLine()}`);
  const setups: [string, string, () => Promise<Record<string, string>>][] = [
    ["pglite", "embedded PGlite", async () => ({ DATA_DIR: tempDir("load") })],
  ];
  const unreachable = await postgresReachable(DEFAULT_POSTGRES_URL);
  if (unreachable)
    console.error(`PostgreSQL not measured (${DEFAULT_POSTGRES_URL}: ${unreachable})`);
  else {
    setups.push([
      "postgres",
      "PostgreSQL",
      async () => ({ DATABASE_URL: await scratchPostgres(DEFAULT_POSTGRES_URL) }),
    ]);
  }
  let failed = false;
  const summaries = [];
  for (const [key, name, prepare] of setups) {
    if (args.only && args.only !== key) continue;
    const { rows, summary } = await runLoad(name, await prepare());
    console.log(`\n${name}: ${args.seconds} s, scale ${args.scale}`);
    console.table(rows);
    summaries.push(summary);
    failed ||=
      summary["HTTP errors"] > 0 || summary["chat errors"] > 0 || summary["health after"] !== 200;
  }
  console.log("\nsummary");
  for (const summary of summaries) console.log(JSON.stringify(summary));
  if (failed) {
    console.log("FAIL: some requests did not get their expected answer");
    process.exitCode = 1;
  }
});
