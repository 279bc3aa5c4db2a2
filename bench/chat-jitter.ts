/**
 * Chat under jitter (issue 8): N WebSocket readers (default 1,000) whose connections are cut at
 * random every 2–6 s and stay down for 1.5–2.5 s (one reconnect in ten is cut again within 30 ms,
 * before or while its resume arrives), each reconnecting with resume exactly as the
 * web client does (`?after=<last id it has>`, src/web/chat/chat-socket.ts); meanwhile a few signed-in
 * senders (cut at random too, resending what was not acknowledged under the same clientId) post M
 * messages (default 120). Then every reader must have every message exactly once, in order.
 *
 *   npx node bench/chat-jitter.ts [--clients 1000] [--messages 120] [--only pglite|postgres|pair]
 *
 * PostgreSQL comes from BENCH_DATABASE_URL or TEST_DATABASE_URL (a scratch database on that server,
 * dropped afterwards); without one only the embedded set-up runs. "pair" is two instances on one
 * PostgreSQL, each reconnect going to either instance at random (a proxy without sticky sessions).
 *
 * Counted per reader, over all its connections:
 *  - delivered: the M messages in what the page would show (frames through the page's own
 *    chatReducer), as a share of readers × M;
 *  - duplicates: a message id that arrived on the wire although this reader already had it (the page
 *    would hide it; the protocol must not send it), plus any id shown twice;
 *  - order violations: a message id on the wire not above every id the reader had before, plus any
 *    shown list out of id order.
 * Test form: test/chat-jitter.test.ts (50 readers, 20 messages) in `npm test`.
 */
import { randomBytes } from "node:crypto";
import os from "node:os";
import { parseArgs } from "node:util";
import WebSocket from "ws";
import { liftedWriteLimitEnv } from "../src/server/limits/write-limit-rules.ts";
import { CHAT_PATH, type ChatMessage, type ServerFrame } from "../src/shared/chat.ts";
import { type ChatState, chatReducer, initialChatState } from "../src/web/chat/chat-state.ts";
import { freePort, startServer, waitForHealthy } from "../test/harness/server-process.ts";
import { createServerStorage, type ServerStorage } from "../test/harness/server-storage.ts";

export type JitterOptions = {
  /** Base URLs (http://127.0.0.1:port) of the instances; a reconnect picks one at random. */
  urls: string[];
  /** Session cookies of signed-in users with a profile: one sender each. */
  senderCookies: string[];
  clients: number;
  messages: number;
  /** Gap between two sends (the senders take turns). */
  sendEveryMs: number;
  /** A connection lives this long (uniformly at random) before it is cut. */
  upMs: [number, number];
  /** And stays down this long before it reconnects. */
  downMs: [number, number];
  /** Share of reconnects cut again within 30 ms, before or while their resume arrives. */
  earlyCutShare?: number;
  /** After the last ack, how long the readers get to catch up once the jitter has stopped. */
  settleMs: number;
  log?: (line: string) => void;
};

export type JitterResult = {
  clients: number;
  messages: number;
  drops: number;
  reconnects: number;
  /** Reconnects answered with `resume` (the rest got a fresh `snapshot`). */
  resumes: number;
  deliveredPercent: number;
  /** Reader × message pairs missing at the end. */
  missing: number;
  duplicates: number;
  orderViolations: number;
  /** Messages acknowledged to their sender, and stored rows among the ids after the first. */
  acked: number;
  stored: number;
  storedDuplicates: number;
  senderResends: number;
  rateLimited: number;
  senderErrors: number;
  sendSeconds: number;
  settleSeconds: number;
};

const between = ([low, high]: [number, number]) => low + Math.random() * (high - low);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function chatUrl(base: string, after: number | undefined): string {
  const url = new URL(CHAT_PATH, base.replace(/^http/, "ws"));
  if (after !== undefined) url.searchParams.set("after", String(after));
  return url.toString();
}

/** Signs a new user up over HTTP and creates the profile; returns the session cookie. */
export async function signUpSender(baseUrl: string): Promise<string> {
  const id = randomBytes(5).toString("hex");
  const register = await fetch(`${baseUrl}/api/auth/register`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: `jitter-${id}@example.test`, password: `pw-${id}-Jitter!` }),
  });
  if (register.status !== 201)
    throw new Error(`sign-up: ${register.status} ${await register.text()}`);
  const cookie = register.headers.getSetCookie()[0]?.split(";")[0] ?? "";
  const profile = await fetch(`${baseUrl}/api/users`, {
    method: "POST",
    headers: { "content-type": "application/json", cookie },
    body: JSON.stringify({ username: `jitter_${id}`, skills: [], interests: [] }),
  });
  if (profile.status !== 201) throw new Error(`profile: ${profile.status} ${await profile.text()}`);
  return cookie;
}

type Peer = {
  cookie?: string;
  socket: WebSocket | null;
  /** What the page would show: frames go through the web client's reducer. */
  state: ChatState;
  /** Every message id that arrived on the wire, and the highest one. */
  wire: Set<number>;
  maxWireId: number;
  duplicates: number;
  orderViolations: number;
  connections: number;
  resumes: number;
  drops: number;
  dropTimer?: NodeJS.Timeout;
  reconnectTimer?: NodeJS.Timeout;
  onLive?: () => void;
  onFrame?: (frame: ServerFrame) => void;
};

/** Runs one jitter round against running servers. */
export async function runChatJitter(options: JitterOptions): Promise<JitterResult> {
  const log = options.log ?? (() => {});
  let jittering = true;
  let finished = false;

  const newPeer = (cookie?: string): Peer => ({
    cookie,
    socket: null,
    state: initialChatState,
    wire: new Set(),
    maxWireId: 0,
    duplicates: 0,
    orderViolations: 0,
    connections: 0,
    resumes: 0,
    drops: 0,
  });

  const onWire = (peer: Peer, messages: ChatMessage[]) => {
    for (const { id } of messages) {
      if (peer.wire.has(id)) peer.duplicates++;
      else if (id < peer.maxWireId) peer.orderViolations++;
      peer.wire.add(id);
      peer.maxWireId = Math.max(peer.maxWireId, id);
    }
  };

  /** Cuts the line like a network drop: no close handshake, frames in flight are lost. */
  const cut = (peer: Peer) => {
    const socket = peer.socket;
    if (!jittering || !socket) return;
    peer.socket = null;
    peer.drops++;
    socket.terminate();
    peer.reconnectTimer = setTimeout(() => connect(peer), between(options.downMs));
  };

  const scheduleDrop = (peer: Peer, ms: number) => {
    clearTimeout(peer.dropTimer);
    if (jittering) peer.dropTimer = setTimeout(() => cut(peer), ms);
  };

  function connect(peer: Peer, first = false): Promise<void> {
    if (finished) return Promise.resolve();
    const base = options.urls[Math.floor(Math.random() * options.urls.length)] ?? "";
    const after = peer.state.messages.at(-1)?.id;
    const ws = new WebSocket(chatUrl(base, after), {
      origin: new URL(base).origin,
      headers: peer.cookie ? { cookie: peer.cookie } : {},
    });
    peer.socket = ws;
    peer.connections++;
    // Some reconnects are cut again at once, before or while the resume arrives.
    const earlyCut = !first && Math.random() < (options.earlyCutShare ?? 0);
    if (earlyCut) scheduleDrop(peer, between([0, 30]));
    return new Promise((resolve) => {
      ws.on("message", (data) => {
        if (peer.socket !== ws) return;
        const frame = JSON.parse(String(data)) as ServerFrame;
        if (frame.type === "snapshot" || frame.type === "resume") {
          if (frame.type === "resume") peer.resumes++;
          onWire(peer, frame.messages);
        } else if (frame.type === "message") {
          onWire(peer, [frame.message]);
        }
        peer.state = chatReducer(peer.state, { type: "frame", frame });
        peer.onFrame?.(frame);
        if (frame.type === "snapshot" || frame.type === "resume") {
          peer.onLive?.();
          if (!earlyCut) scheduleDrop(peer, between(options.upMs));
          resolve();
        }
      });
      ws.on("error", () => {}); // `close` follows
      ws.on("close", () => {
        resolve();
        if (peer.socket !== ws || finished) return;
        // Closed by the server (or refused): reconnect after a short backoff, as the page does.
        peer.socket = null;
        clearTimeout(peer.dropTimer);
        peer.reconnectTimer = setTimeout(() => connect(peer), first ? 200 : between([250, 750]));
      });
    });
  }

  // ── connect everyone ────────────────────────────────────────────────────
  const readers = Array.from({ length: options.clients }, () => newPeer());
  const senders = options.senderCookies.map((cookie) => newPeer(cookie));
  for (let i = 0; i < readers.length; i += 100) {
    await Promise.all(readers.slice(i, i + 100).map((peer) => connect(peer, true)));
  }
  await Promise.all(senders.map((peer) => connect(peer, true)));
  log(`${readers.length} readers and ${senders.length} senders connected`);

  // ── send, while the jitter runs ─────────────────────────────────────────
  type Pending = { clientId: string; text: string; sender: Peer };
  const pending = new Map<string, Pending>();
  const acked = new Map<string, ChatMessage>();
  let senderResends = 0;
  let rateLimited = 0;
  let senderErrors = 0;
  const runId = randomBytes(3).toString("hex");
  const write = (item: Pending) => {
    const socket = item.sender.socket;
    if (socket?.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ type: "send", text: item.text, clientId: item.clientId }));
    }
  };
  for (const sender of senders) {
    // Back live after a cut: resend whatever has no ack yet, under the same clientId.
    sender.onLive = () => {
      for (const item of pending.values()) {
        if (item.sender !== sender) continue;
        senderResends++;
        write(item);
      }
    };
    sender.onFrame = (frame) => {
      if (frame.type === "ack") {
        if (!pending.has(frame.clientId)) return;
        pending.delete(frame.clientId);
        acked.set(frame.clientId, frame.message);
      } else if (frame.type === "error" && frame.clientId) {
        const item = pending.get(frame.clientId);
        if (!item) return;
        if (frame.code === "too-many-requests") rateLimited++;
        else senderErrors++;
        setTimeout(() => write(item), frame.retryAfterMs ?? 1_000);
      }
    };
  }

  const sendStarted = performance.now();
  for (let seq = 1; seq <= options.messages; seq++) {
    const sender = senders[seq % senders.length] as Peer;
    const item = { clientId: `j${runId}-${seq}`, text: `jitter ${runId} #${seq}`, sender };
    pending.set(item.clientId, item);
    write(item); // when the sender is cut right now, onLive resends it
    await sleep(options.sendEveryMs);
  }
  const ackDeadline = performance.now() + 60_000;
  while (pending.size > 0 && performance.now() < ackDeadline) await sleep(50);
  const sendSeconds = (performance.now() - sendStarted) / 1000;
  log(`${acked.size} of ${options.messages} acknowledged in ${sendSeconds.toFixed(1)} s`);

  // ── stop the jitter, let everyone catch up ──────────────────────────────
  jittering = false;
  for (const peer of [...readers, ...senders]) clearTimeout(peer.dropTimer);
  const targetIds = [...acked.values()].map((m) => m.id).sort((x, y) => x - y);
  const hasAll = (peer: Peer) => {
    const shown = new Set(peer.state.messages.map((m) => m.id));
    return targetIds.every((id) => shown.has(id));
  };
  const settleStarted = performance.now();
  while (performance.now() - settleStarted < options.settleMs) {
    if (readers.every(hasAll)) break;
    await sleep(100);
  }
  const settleSeconds = (performance.now() - settleStarted) / 1000;

  // ── tally ───────────────────────────────────────────────────────────────
  let missing = 0;
  let duplicates = 0;
  let orderViolations = 0;
  for (const peer of readers) {
    const shownIds = peer.state.messages.map((m) => m.id);
    const shown = new Set(shownIds);
    missing += targetIds.filter((id) => !shown.has(id)).length;
    duplicates += peer.duplicates + (shownIds.length - shown.size);
    orderViolations += peer.orderViolations;
    for (let i = 1; i < shownIds.length; i++) {
      if ((shownIds[i] ?? 0) <= (shownIds[i - 1] ?? 0)) orderViolations++;
    }
  }

  // What is stored: a fresh client resuming from before the first message gets every row since.
  const firstId = targetIds[0] ?? 1;
  const verifier = newPeer();
  verifier.state = {
    ...initialChatState,
    messages: [{ id: firstId - 1 } as ChatMessage],
  };
  await connect(verifier);
  const storedTexts = verifier.state.messages
    .slice(1)
    .map((m) => m.text)
    .filter((text) => text.startsWith(`jitter ${runId} `));

  finished = true;
  for (const peer of [...readers, ...senders, verifier]) {
    clearTimeout(peer.dropTimer);
    clearTimeout(peer.reconnectTimer);
    peer.socket?.terminate();
  }

  const all = readers.length * options.messages;
  const reconnects = readers.reduce((sum, p) => sum + p.connections - 1, 0);
  return {
    clients: readers.length,
    messages: options.messages,
    drops: readers.reduce((sum, p) => sum + p.drops, 0),
    reconnects,
    resumes: readers.reduce((sum, p) => sum + p.resumes, 0),
    deliveredPercent: Number(
      (
        (100 * (all - missing - (options.messages - targetIds.length) * readers.length)) /
        all
      ).toFixed(3),
    ),
    missing,
    duplicates,
    orderViolations,
    acked: acked.size,
    stored: storedTexts.length,
    storedDuplicates: storedTexts.length - new Set(storedTexts).size,
    senderResends,
    rateLimited,
    senderErrors,
    sendSeconds: Number(sendSeconds.toFixed(1)),
    settleSeconds: Number(settleSeconds.toFixed(1)),
  };
}

// ── command line ────────────────────────────────────────────────────────────

/** Server environment for a jitter run: senders sign up over HTTP from 127.0.0.1. */
export const JITTER_SERVER_ENV = {
  LOG_LEVEL: "error",
  AUTH_SIGNUP_PER_IP_PER_HOUR: "100000",
  MAX_CONNECTIONS_PER_ADDRESS: "100000", // every reader connects from this machine
  CHAT_SOCKETS_PER_ADDRESS: "100000",
  CHAT_UPGRADES_PER_ADDRESS_PER_MINUTE: "100000",
  ...liftedWriteLimitEnv(), // senders send as fast as the in-memory limit allows
};

/** Enough senders that none nears the per-user send limit (10 in 10 s), resends included. */
export function sendersFor(sendEveryMs: number): number {
  return Math.max(2, Math.ceil(1000 / sendEveryMs / 0.5));
}

async function main(): Promise<void> {
  const { values: args } = parseArgs({
    options: {
      clients: { type: "string", default: "1000" },
      messages: { type: "string", default: "120" },
      "send-every": { type: "string", default: "250" },
      only: { type: "string" },
    },
  });
  const sendEveryMs = Number(args["send-every"]);
  const postgresUrl = process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL;

  type Setup = { name: string; storage: ServerStorage; instances: number };
  const setups: [string, () => Promise<Setup>][] = [
    [
      "pglite",
      async () => ({
        name: "1 instance, embedded PGlite",
        storage: await createServerStorage("pglite"),
        instances: 1,
      }),
    ],
  ];
  if (postgresUrl) {
    const onPostgres = async (name: string, instances: number): Promise<Setup> => ({
      name,
      storage: await createServerStorage("postgres", postgresUrl),
      instances,
    });
    setups.push(["postgres", () => onPostgres("1 instance, PostgreSQL", 1)]);
    setups.push(["pair", () => onPostgres("2 instances, one PostgreSQL", 2)]);
  }

  const rows: Record<string, string | number>[] = [];
  let failed = false;
  for (const [key, prepare] of setups) {
    if (args.only && args.only !== key) continue;
    const setup = await prepare();
    const servers = [];
    try {
      for (let i = 0; i < setup.instances; i++) {
        const server = startServer({
          PORT: String(await freePort()),
          ...JITTER_SERVER_ENV,
          ...setup.storage.env,
        });
        servers.push(server);
        await waitForHealthy(server, 60_000);
      }
      const urls = servers.map((s) => s.url);
      const senderCookies = [];
      for (let i = 0; i < sendersFor(sendEveryMs); i++) {
        senderCookies.push(await signUpSender(urls[i % urls.length] ?? ""));
      }
      console.error(`── ${setup.name}`);
      const result = await runChatJitter({
        urls,
        senderCookies,
        clients: Number(args.clients),
        messages: Number(args.messages),
        sendEveryMs,
        upMs: [2_000, 6_000],
        downMs: [1_500, 2_500],
        earlyCutShare: 0.1,
        settleMs: 30_000,
        log: (line) => console.error(`   ${line}`),
      });
      const ok =
        result.deliveredPercent === 100 &&
        result.duplicates === 0 &&
        result.orderViolations === 0 &&
        result.stored === result.messages &&
        result.storedDuplicates === 0;
      failed ||= !ok;
      rows.push({ setup: setup.name, ...result, verdict: ok ? "pass" : "FAIL" });
    } finally {
      await Promise.all(servers.map((s) => s.stop()));
      await setup.storage.drop();
    }
  }
  console.log(
    `chat under jitter: ${args.clients} readers, each cut every 2–6 s for 1.5–2.5 s; ` +
      `${args.messages} messages, one every ${sendEveryMs} ms; ${os.cpus().length} CPUs, Node ${process.version}`,
  );
  for (const row of rows) console.log(JSON.stringify(row));
  console.table(
    rows.map(
      ({
        setup,
        clients,
        messages,
        drops,
        deliveredPercent,
        duplicates,
        orderViolations,
        verdict,
      }) => ({
        setup,
        clients,
        messages,
        drops,
        "delivered %": deliveredPercent,
        duplicates,
        "order violations": orderViolations,
        verdict,
      }),
    ),
  );
  if (failed) process.exitCode = 1;
}

if (import.meta.main) await main();
