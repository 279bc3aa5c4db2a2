/**
 * Chat under jitter (issue 8): N WebSocket readers (default 1,000) whose connections are cut at
 * random every 2–6 s and stay down for 1.5–2.5 s (one reconnect in ten is cut again within 30 ms,
 * before or while its resume arrives), each reconnecting with resume exactly as the
 * web client does (`?after=<last id it has>`, src/web/chat/chat-socket.ts); meanwhile a few signed-in
 * senders (cut at random too, resending what was not acknowledged under the same clientId) post M
 * messages (default 120). Then every reader must have every message exactly once, in order.
 *
 *   npx node bench/chat-jitter.ts [--clients 1000] [--messages 120] [--send-every 250]
 *     [--only pglite|postgres|pair]
 *
 * The set-ups of chat-setups.ts (PostgreSQL from BENCH_DATABASE_URL or TEST_DATABASE_URL, else the
 * local server, a scratch database dropped afterwards; without one only the embedded set-up runs).
 * "pair" is two instances on one PostgreSQL, each reconnect going to either instance at random (a
 * proxy without sticky sessions). The senders are members written into the database.
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
import WebSocket from "ws";
import { liftedWriteLimitEnv } from "../src/server/limits/write-limit-rules.ts";
import { CHAT_PATH, type ChatMessage, type ServerFrame } from "../src/shared/chat.ts";
import { type ChatState, chatReducer, initialChatState } from "../src/web/chat/chat-state.ts";
import { benchArgs, runMain } from "./bench-kit.ts";
import { type ChatSetup, measureChatSetups } from "./chat-setups.ts";
import { machineLine } from "./report.ts";
import { signedInCookies } from "./storage.ts";

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

function newPeer(cookie?: string): Peer {
  return {
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
  };
}

function onWire(peer: Peer, messages: ChatMessage[]) {
  for (const { id } of messages) {
    if (peer.wire.has(id)) peer.duplicates++;
    else if (id < peer.maxWireId) peer.orderViolations++;
    peer.wire.add(id);
    peer.maxWireId = Math.max(peer.maxWireId, id);
  }
}

/** One jitter round's connections: cut at random while `jittering`, none reopened once `finished`. */
class Jitter {
  jittering = true;
  finished = false;
  readonly options: JitterOptions;
  constructor(options: JitterOptions) {
    this.options = options;
  }

  /** Cuts the line like a network drop: no close handshake, frames in flight are lost. */
  cut(peer: Peer) {
    const socket = peer.socket;
    if (!this.jittering || !socket) return;
    peer.socket = null;
    peer.drops++;
    socket.terminate();
    peer.reconnectTimer = setTimeout(() => this.connect(peer), between(this.options.downMs));
  }

  scheduleDrop(peer: Peer, ms: number) {
    clearTimeout(peer.dropTimer);
    if (this.jittering) peer.dropTimer = setTimeout(() => this.cut(peer), ms);
  }

  /** A frame on `peer`'s socket: tallied, through the page's reducer; answers whether it is live. */
  onFrame(peer: Peer, frame: ServerFrame): boolean {
    const live = frame.type === "snapshot" || frame.type === "resume";
    if (frame.type === "resume") peer.resumes++;
    if (live) onWire(peer, frame.messages);
    else if (frame.type === "message") onWire(peer, [frame.message]);
    peer.state = chatReducer(peer.state, { type: "frame", frame });
    peer.onFrame?.(frame);
    if (live) peer.onLive?.();
    return live;
  }

  connect(peer: Peer, first = false): Promise<void> {
    if (this.finished) return Promise.resolve();
    const { urls, earlyCutShare, upMs } = this.options;
    const base = urls[Math.floor(Math.random() * urls.length)] ?? "";
    const after = peer.state.messages.at(-1)?.id;
    const ws = new WebSocket(chatUrl(base, after), {
      origin: new URL(base).origin,
      headers: peer.cookie ? { cookie: peer.cookie } : {},
    });
    peer.socket = ws;
    peer.connections++;
    // Some reconnects are cut again at once, before or while the resume arrives.
    const earlyCut = !first && Math.random() < (earlyCutShare ?? 0);
    if (earlyCut) this.scheduleDrop(peer, between([0, 30]));
    return new Promise((resolve) => {
      ws.on("message", (data) => {
        if (peer.socket !== ws) return;
        if (!this.onFrame(peer, JSON.parse(String(data)) as ServerFrame)) return;
        if (!earlyCut) this.scheduleDrop(peer, between(upMs));
        resolve();
      });
      ws.on("error", () => {}); // `close` follows
      ws.on("close", () => {
        resolve();
        if (peer.socket !== ws || this.finished) return;
        // Closed by the server (or refused): reconnect after a short backoff, as the page does.
        peer.socket = null;
        clearTimeout(peer.dropTimer);
        peer.reconnectTimer = setTimeout(
          () => this.connect(peer),
          first ? 200 : between([250, 750]),
        );
      });
    });
  }
}

type Pending = { clientId: string; text: string; sender: Peer };

/** The senders' side: what is sent, acknowledged, resent and refused. */
class Outbox {
  readonly pending = new Map<string, Pending>();
  readonly acked = new Map<string, ChatMessage>();
  senderResends = 0;
  rateLimited = 0;
  senderErrors = 0;

  static write(item: Pending) {
    const socket = item.sender.socket;
    if (socket?.readyState === WebSocket.OPEN) {
      socket.send(JSON.stringify({ type: "send", text: item.text, clientId: item.clientId }));
    }
  }

  /** Back live after a cut: resends whatever `sender` has no ack for yet, under the same clientId. */
  resend(sender: Peer) {
    for (const item of this.pending.values()) {
      if (item.sender !== sender) continue;
      this.senderResends++;
      Outbox.write(item);
    }
  }

  onFrame(frame: ServerFrame) {
    if (frame.type === "ack" && this.pending.has(frame.clientId)) {
      this.pending.delete(frame.clientId);
      this.acked.set(frame.clientId, frame.message);
      return;
    }
    if (frame.type !== "error" || !frame.clientId) return;
    const item = this.pending.get(frame.clientId);
    if (!item) return;
    if (frame.code === "too-many-requests") this.rateLimited++;
    else this.senderErrors++;
    setTimeout(() => Outbox.write(item), frame.retryAfterMs ?? 1_000);
  }
}

/** Sends `options.messages`, the senders taking turns, and waits for their acks (60 s at most). */
async function sendAll(options: JitterOptions, senders: Peer[], runId: string) {
  const outbox = new Outbox();
  for (const sender of senders) {
    sender.onLive = () => outbox.resend(sender);
    sender.onFrame = (frame) => outbox.onFrame(frame);
  }
  const started = performance.now();
  for (let seq = 1; seq <= options.messages; seq++) {
    const sender = senders[seq % senders.length] as Peer;
    const item = { clientId: `j${runId}-${seq}`, text: `jitter ${runId} #${seq}`, sender };
    outbox.pending.set(item.clientId, item);
    Outbox.write(item); // when the sender is cut right now, onLive resends it
    await sleep(options.sendEveryMs);
  }
  const ackDeadline = performance.now() + 60_000;
  while (outbox.pending.size > 0 && performance.now() < ackDeadline) await sleep(50);
  const sendSeconds = (performance.now() - started) / 1000;
  options.log?.(
    `${outbox.acked.size} of ${options.messages} acknowledged in ${sendSeconds.toFixed(1)} s`,
  );
  return { outbox, sendSeconds };
}

/** Waits (`settleMs` at most) for every reader to show every id of `targetIds`; answers seconds. */
async function settle(readers: Peer[], targetIds: number[], settleMs: number) {
  const hasAll = (peer: Peer) => {
    const shown = new Set(peer.state.messages.map((m) => m.id));
    return targetIds.every((id) => shown.has(id));
  };
  const started = performance.now();
  while (performance.now() - started < settleMs) {
    if (readers.every(hasAll)) break;
    await sleep(100);
  }
  return (performance.now() - started) / 1000;
}

function tallyReaders(readers: Peer[], targetIds: number[]) {
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
  return { missing, duplicates, orderViolations };
}

/** What is stored: a fresh client resuming from before the first message gets every row since. */
async function storedTexts(jitter: Jitter, firstId: number, runId: string) {
  const verifier = newPeer();
  verifier.state = { ...initialChatState, messages: [{ id: firstId - 1 } as ChatMessage] };
  await jitter.connect(verifier);
  const texts = verifier.state.messages
    .slice(1)
    .map((m) => m.text)
    .filter((text) => text.startsWith(`jitter ${runId} `));
  return { verifier, texts };
}

const sum = (peers: Peer[], count: (peer: Peer) => number) =>
  peers.reduce((total, peer) => total + count(peer), 0);

/** Runs one jitter round against running servers. */
export async function runChatJitter(options: JitterOptions): Promise<JitterResult> {
  const jitter = new Jitter(options);
  // ── connect everyone
  const readers = Array.from({ length: options.clients }, () => newPeer());
  const senders = options.senderCookies.map((cookie) => newPeer(cookie));
  for (let i = 0; i < readers.length; i += 100) {
    await Promise.all(readers.slice(i, i + 100).map((peer) => jitter.connect(peer, true)));
  }
  await Promise.all(senders.map((peer) => jitter.connect(peer, true)));
  options.log?.(`${readers.length} readers and ${senders.length} senders connected`);

  // ── send, while the jitter runs
  const runId = randomBytes(3).toString("hex");
  const { outbox, sendSeconds } = await sendAll(options, senders, runId);

  // ── stop the jitter, let everyone catch up
  jitter.jittering = false;
  for (const peer of [...readers, ...senders]) clearTimeout(peer.dropTimer);
  const targetIds = [...outbox.acked.values()].map((m) => m.id).sort((x, y) => x - y);
  const settleSeconds = await settle(readers, targetIds, options.settleMs);

  // ── tally
  const { missing, duplicates, orderViolations } = tallyReaders(readers, targetIds);
  const stored = await storedTexts(jitter, targetIds[0] ?? 1, runId);
  jitter.finished = true;
  for (const peer of [...readers, ...senders, stored.verifier]) {
    clearTimeout(peer.dropTimer);
    clearTimeout(peer.reconnectTimer);
    peer.socket?.terminate();
  }

  const all = readers.length * options.messages;
  const unacked = (options.messages - targetIds.length) * readers.length;
  return {
    clients: readers.length,
    messages: options.messages,
    drops: sum(readers, (p) => p.drops),
    reconnects: sum(readers, (p) => p.connections - 1),
    resumes: sum(readers, (p) => p.resumes),
    deliveredPercent: Number(((100 * (all - missing - unacked)) / all).toFixed(3)),
    missing,
    duplicates,
    orderViolations,
    acked: outbox.acked.size,
    stored: stored.texts.length,
    storedDuplicates: stored.texts.length - new Set(stored.texts).size,
    senderResends: outbox.senderResends,
    rateLimited: outbox.rateLimited,
    senderErrors: outbox.senderErrors,
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

const passes = (result: JitterResult) =>
  result.deliveredPercent === 100 &&
  result.duplicates === 0 &&
  result.orderViolations === 0 &&
  result.stored === result.messages &&
  result.storedDuplicates === 0;

/** One round on a set-up's instances: its whole result as a JSON line, and the table's row. */
async function jitterRound(
  setup: ChatSetup<string[]>,
  { clients, messages, sendEveryMs }: { clients: number; messages: number; sendEveryMs: number },
) {
  console.error(`── ${setup.name}`);
  const result = await runChatJitter({
    urls: setup.servers.map((server) => server.url),
    senderCookies: setup.members,
    clients,
    messages,
    sendEveryMs,
    upMs: [2_000, 6_000],
    downMs: [1_500, 2_500],
    earlyCutShare: 0.1,
    settleMs: 30_000,
    log: (line) => console.error(`   ${line}`),
  });
  console.log(JSON.stringify({ setup: setup.name, ...result }));
  const verdict = passes(result) ? "pass" : "FAIL";
  if (verdict !== "pass") process.exitCode = 1;
  const { drops, deliveredPercent, duplicates, orderViolations } = result;
  return {
    setup: setup.name,
    clients,
    messages,
    drops,
    "delivered %": deliveredPercent,
    duplicates,
    "order violations": orderViolations,
    verdict,
  };
}

async function main(): Promise<void> {
  const args = benchArgs({ clients: 1000, messages: 120, "send-every": 250, only: null });
  const round = { clients: args.clients, messages: args.messages, sendEveryMs: args["send-every"] };
  console.log(
    `chat under jitter: ${round.clients} readers, each cut every 2–6 s for 1.5–2.5 s; ` +
      `${round.messages} messages, one every ${round.sendEveryMs} ms; ${machineLine()}`,
  );
  await measureChatSetups({
    only: args.only,
    members: (db) => signedInCookies(db, sendersFor(round.sendEveryMs)),
    measure: (setup) => jitterRound(setup, round),
  });
}

if (import.meta.main) await runMain(main);
