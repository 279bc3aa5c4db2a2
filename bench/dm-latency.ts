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
import type WebSocket from "ws";
import { sendDirectMessageResponseSchema } from "../src/shared/direct-messages.ts";
import { createSignedInUser, type TestUser } from "../test/harness/factories.ts";
import type { ServerProcess } from "../test/harness/server-process.ts";
import { benchArgs, runMain } from "./bench-kit.ts";
import { type ChatSetup, measureChatSetups } from "./chat-setups.ts";
import { backendsCpuSince, postgresBackends } from "./postgres-backends.ts";
import { cpuMs, machineLine, percentile } from "./report.ts";
import { cpuProfileArgs } from "./servers.ts";
import { signedInCookies } from "./storage.ts";
import { openChatSocket, openSwarm } from "./swarm.ts";

const args = benchArgs({ idle: 1000, messages: 300, only: null, "cpu-prof": null });
/** How long the servers' CPU is read with the sockets open and nothing sent. */
const IDLE_MS = 2_000;
const WARMUP = 20;
/** Members written into the database (and sockets opened) this many at a time. */
const BATCH = 50;
const now = () => performance.now();
const log = (line: string) => process.stderr.write(`${line}\n`);

type Members = { sender: TestUser; recipient: TestUser; idleCookies: string[] };

// ── clients ─────────────────────────────────────────────────────────────────

/** A signed-in socket without the public room (`?room=0`): only the member's own frames. */
const openWithoutRoom = (server: ServerProcess, cookie: string) =>
  openChatSocket(server.url, { cookie, room: false });

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

/** CPU time each server has used so far, in ms. */
function serversCpuMs(servers: ServerProcess[]): number[] {
  return servers.map((server) => cpuMs(server.child.pid) ?? 0);
}

const sum = (values: number[]) => values.reduce((a, b) => a + b, 0);

async function run(setup: ChatSetup<Members>) {
  const { servers } = setup;
  const { sender, recipient, idleCookies } = setup.members;
  const first = servers[0] as ServerProcess;
  const last = servers.at(-1) as ServerProcess;
  const idleSockets = await openSwarm({
    count: idleCookies.length,
    batch: BATCH,
    bases: servers.map((server) => server.url),
    optionsOf: (i) => ({ cookie: idleCookies[i], room: false }),
  });
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
  const backends = setup.databaseUrl ? await postgresBackends(setup.databaseUrl) : null;
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
  await measureChatSetups({
    only: args.only,
    members: async (db): Promise<Members> => ({
      sender: await createSignedInUser(db, { username: "dm_sender" }),
      recipient: await createSignedInUser(db, { username: "dm_recipient" }),
      idleCookies: await signedInCookies(db, args.idle, BATCH),
    }),
    measure: run,
    nodeArgs: cpuProfileArgs(args["cpu-prof"]),
  });
  console.log(`\nat the end: ${machineLine()}`);
});
