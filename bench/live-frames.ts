/**
 * What writing a frame costs the server, three ways (decision 020): the server process's CPU time
 * for one message sent to every socket, over the loop that sends it only (the receipts are awaited
 * after it, outside the measure).
 *
 *   npx node bench/live-frames.ts [--sockets 1000] [--messages 300] [--rounds 3]
 *
 * - `stringify per socket`: `socket.send(JSON.stringify(frame))` for each socket, as a peer that
 *   builds its frame where it sends would;
 * - `stringify once`: the JSON made once per message, `ws` frames it for each socket (`socket.send`);
 * - `built once` (live/frame-writer.ts, what the live sockets do): the JSON and the whole WebSocket
 *   frame made once per message, written to each socket's TCP stream.
 *
 * The clients run in this process too, on the same event loop, but receive only after the loop; the
 * rounds alternate the ways' order. A frame is a room message of ≈ 150 bytes, its id changing.
 */
import type { Duplex } from "node:stream";
import WebSocket, { WebSocketServer } from "ws";
import { buildFrame, writeFrame } from "../src/server/live/index.ts";
import type { ServerFrame } from "../src/shared/chat.ts";
import { benchArgs, runMain } from "./bench-kit.ts";
import { machineLine, markdownHeader, markdownRow, median } from "./report.ts";

const args = benchArgs({ sockets: 1000, messages: 300, rounds: 3 });

type Target = { socket: WebSocket; stream: Duplex };
type Way = { name: string; send: (targets: Target[], frame: ServerFrame) => void };

const WAYS: Way[] = [
  {
    name: "stringify per socket",
    send(targets, frame) {
      for (const target of targets) target.socket.send(JSON.stringify(frame), { binary: false });
    },
  },
  {
    name: "stringify once, ws frames each",
    send(targets, frame) {
      const text = Buffer.from(JSON.stringify(frame));
      for (const target of targets) target.socket.send(text, { binary: false });
    },
  },
  {
    name: "built once, written to the stream",
    send(targets, frame) {
      const built = buildFrame(frame);
      for (const target of targets) writeFrame(target, built);
    },
  },
];

const frameOf = (id: number): ServerFrame => ({
  type: "message",
  message: {
    id,
    userName: "someone",
    userPhotoURL: null,
    text: `Message number ${id}, about the length of a chat line.`,
    createdAt: new Date(1_780_000_000_000 + id).toISOString(),
  },
});

async function main(): Promise<void> {
  const server = new WebSocketServer({ port: 0, host: "127.0.0.1" });
  await new Promise((resolve) => server.once("listening", resolve));
  const targets: Target[] = [];
  server.on("connection", (socket, request) => targets.push({ socket, stream: request.socket }));
  const { port } = server.address() as { port: number };
  let received = 0;
  const clients: WebSocket[] = [];
  for (let i = 0; i < args.sockets; i++) {
    const client = new WebSocket(`ws://127.0.0.1:${port}`);
    client.on("message", () => received++);
    await new Promise((resolve) => client.once("open", resolve));
    clients.push(client);
  }
  while (targets.length < args.sockets) await new Promise((r) => setTimeout(r, 10));

  let id = 0;
  const runWay = async (way: Way): Promise<number> => {
    let cpu = 0;
    for (let m = 0; m < args.messages; m++) {
      const before = received;
      const start = process.cpuUsage();
      way.send(targets, frameOf(++id));
      const used = process.cpuUsage(start);
      cpu += used.user + used.system;
      while (received < before + args.sockets) await new Promise((r) => setImmediate(r));
    }
    return cpu / args.messages / 1000; // ms per message
  };

  for (const way of WAYS) await runWay({ ...way }); // warm-up, each way once
  const results = new Map<string, number[]>(WAYS.map((way) => [way.name, []]));
  for (let round = 0; round < args.rounds; round++) {
    const order = round % 2 ? [...WAYS].reverse() : WAYS;
    for (const way of order) results.get(way.name)?.push(await runWay(way));
  }

  console.log(machineLine());
  console.log(
    `${args.sockets} sockets, ${args.messages} messages a round, ${args.rounds} rounds\n`,
  );
  console.log(
    markdownHeader(["way", "CPU per message (median of rounds)", "rounds", "per socket"]),
  );
  for (const [name, values] of results) {
    const mid = median(values);
    console.log(
      markdownRow([
        name,
        `${mid.toFixed(2)} ms`,
        values.map((v) => v.toFixed(2)).join(", "),
        `${((mid * 1000) / args.sockets).toFixed(2)} µs`,
      ]),
    );
  }
  for (const client of clients) client.terminate();
  server.close();
}

await runMain(main);
