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
import type WebSocket from "ws";
import { CHAT_RATE_LIMIT } from "../src/shared/chat.ts";
import type { ServerProcess } from "../test/harness/server-process.ts";
import { benchArgs, runMain } from "./bench-kit.ts";
import { type ChatSetup, measureChatSetups } from "./chat-setups.ts";
import { cpuMs, machineLine, percentile } from "./report.ts";
import { signedInCookies } from "./storage.ts";
import { benchText, createTally, openChatSocket, openSwarm } from "./swarm.ts";

const args = benchArgs({ clients: 1000, messages: 200, only: null });
const WARMUP = 20;
/** Throughput burst: every sender posts its whole rate-limit allowance at once. */
const BURST_SENDERS = 30;
const PER_SENDER = CHAT_RATE_LIMIT.messages;
const LATENCY_SENDERS = Math.ceil((args.messages + WARMUP) / PER_SENDER);
const now = () => performance.now();
const log = (line: string) => process.stderr.write(`${line}\n`);

// ── clients ─────────────────────────────────────────────────────────────────

async function run(setup: ChatSetup<string[]>) {
  const { servers } = setup;
  const tally = createTally(args.clients);
  const receivers = await openSwarm({
    count: args.clients,
    batch: 50,
    bases: servers.map((server) => server.url),
    onFrame: (data) => tally.onFrame(data),
  });
  log(`${setup.name}: ${receivers.length} clients connected`);
  await new Promise((r) => setTimeout(r, 500));
  const sender = servers[0] as ServerProcess;
  const senders = await Promise.all(
    setup.members.map((cookie) => openChatSocket(sender.url, { cookie })),
  );
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
        text: benchText(id),
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
  const serverCpuBefore = servers.map((s) => cpuMs(s.child.pid) ?? 0);
  const benchCpuBefore = process.cpuUsage();
  const ids: number[] = [];
  for (let round = 0; round < PER_SENDER; round++) {
    for (const socket of burst) ids.push(post(socket));
  }
  await Promise.all(ids.map((id) => tally.whenAll(id)));
  const seconds = (now() - startedAt) / 1000;
  const serverCpu = servers.map((s, i) => (cpuMs(s.child.pid) ?? 0) - (serverCpuBefore[i] ?? 0));
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

await runMain(async () => {
  console.log(
    `chat fan-out: ${args.clients} clients, ${args.messages} messages one at a time (after ${WARMUP} ` +
      `warm-up), then ${BURST_SENDERS * PER_SENDER} at once from ${BURST_SENDERS} senders; ${machineLine()}\n`,
  );
  await measureChatSetups({
    only: args.only,
    members: (db) => signedInCookies(db, LATENCY_SENDERS + BURST_SENDERS),
    measure: run,
  });
  console.log(`\nat the end: ${machineLine()}`);
});
