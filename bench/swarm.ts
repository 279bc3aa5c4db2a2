/**
 * The chat benchmarks' client swarm: chat sockets opened a batch at a time against one server or
 * several, each terminated at clean-up (bench-kit.ts), and the bench message texts whose sequence
 * number a receiver reads from the raw frame without parsing it.
 */
import WebSocket from "ws";
import { CHAT_PATH } from "../src/shared/chat.ts";
import { onCleanUp } from "./bench-kit.ts";

export type ChatSocketOptions = {
  /** The session cookie: a member's socket (else a visitor's). */
  cookie?: string;
  /** false: `?room=0`, only the member's own frames (direct messages). */
  room?: boolean;
  /** Resolve on "open" (default) or on the first frame (the snapshot). */
  until?: "open" | "first-frame";
  perMessageDeflate?: boolean;
  /** Called when the socket closes (the swarm's own closes included). */
  onClose?: (code: number) => void;
};

/** The chat socket address of the server at `base` (http://host:port). */
export function chatUrl(base: string, room = true): string {
  return new URL(`${CHAT_PATH}${room ? "" : "?room=0"}`, base.replace(/^http/, "ws")).toString();
}

/** One chat socket to the server at `base`, terminated at clean-up. */
export function openChatSocket(base: string, options: ChatSocketOptions = {}): Promise<WebSocket> {
  const { cookie, room = true, until = "open", perMessageDeflate, onClose } = options;
  const socket = new WebSocket(chatUrl(base, room), {
    origin: base,
    headers: cookie ? { cookie } : {},
    ...(perMessageDeflate === undefined ? {} : { perMessageDeflate }),
  });
  onCleanUp(() => socket.terminate());
  if (onClose) socket.on("close", onClose);
  return new Promise((resolve, reject) => {
    socket.once(until === "open" ? "open" : "message", () => resolve(socket));
    socket.once("error", reject);
    if (until === "first-frame") {
      socket.once("close", (code) => reject(new Error(`closed (${code}) before the snapshot`)));
    }
  });
}

/**
 * `count` sockets, `batch` opening at once: the i-th to `bases[i % bases.length]` with
 * `optionsOf(i)`; every frame of every socket goes to `onFrame`.
 */
export async function openSwarm({
  count,
  batch,
  bases,
  optionsOf = () => ({}),
  onFrame,
}: {
  count: number;
  batch: number;
  bases: string[];
  optionsOf?: (i: number) => ChatSocketOptions;
  onFrame?: (data: Buffer) => void;
}): Promise<WebSocket[]> {
  const sockets: WebSocket[] = [];
  for (let i = 0; i < count; i += batch) {
    const opened = await Promise.all(
      Array.from({ length: Math.min(batch, count - i) }, (_, j) =>
        openChatSocket(bases[(i + j) % bases.length] as string, optionsOf(i + j)),
      ),
    );
    if (onFrame) for (const socket of opened) socket.on("message", onFrame);
    sockets.push(...opened);
  }
  return sockets;
}

/** Closes every socket and waits for each to be closed. */
export async function closeAll(sockets: WebSocket[]): Promise<void> {
  await Promise.all(
    sockets.map(
      (socket) =>
        new Promise<void>((resolve) => {
          if (socket.readyState === WebSocket.CLOSED) return resolve();
          socket.once("close", () => resolve());
          socket.close();
        }),
    ),
  );
}

const MESSAGE_FRAME = Buffer.from('{"type":"message"');
const MARK = Buffer.from('"text":"bench ');
/** How many digits a bench message's sequence number has. */
export const SEQ_DIGITS = 6;

/** Whether a raw frame is a chat message (not an ack, error or snapshot). */
export const isMessageFrame = (data: Buffer) =>
  data.compare(MESSAGE_FRAME, 0, MESSAGE_FRAME.length, 0, MESSAGE_FRAME.length) === 0;

/** The text of bench message `seq`, zero-padded: the profanity filter reads some short numbers as leetspeak (455 → ass). */
export const benchText = (seq: number) => `bench ${String(seq).padStart(SEQ_DIGITS, "0")}`;

/** Where the sequence number of a bench message's frame starts, or -1. */
export function seqAt(data: Buffer): number {
  const at = data.indexOf(MARK);
  return at < 0 ? -1 : at + MARK.length;
}

/** Sequence number of a broadcast bench message, without parsing the whole frame; -1 for others. */
export function seqOf(data: Buffer): number {
  if (!isMessageFrame(data)) return -1;
  const at = seqAt(data);
  if (at < 0) return -1;
  let seq = 0;
  for (let i = at; i < data.length; i++) {
    const digit = data[i] ?? 0;
    if (digit < 48 || digit > 57) break;
    seq = seq * 10 + digit - 48;
  }
  return seq;
}

/**
 * Counts, per bench message, how many of `receivers` sockets have it; `whenAll` resolves at the
 * moment the last one got it (at once when that has passed). Keeps the first frame, byte for byte.
 */
export function createTally(receivers: number) {
  const counts = new Map<number, number>();
  const waiting = new Map<number, (at: number) => void>();
  const finished = new Map<number, number>();
  let first: Buffer | undefined;
  return {
    onFrame(data: Buffer) {
      const seq = seqOf(data);
      if (seq < 0) return;
      first ??= Buffer.from(data);
      const count = (counts.get(seq) ?? 0) + 1;
      counts.set(seq, count);
      if (count !== receivers) return;
      const at = performance.now();
      finished.set(seq, at);
      waiting.get(seq)?.(at);
      waiting.delete(seq);
    },
    /** The first bench frame any socket received. */
    get firstFrame() {
      return first;
    },
    whenAll(seq: number, timeoutMs = 30_000): Promise<number> {
      const at = finished.get(seq);
      if (at !== undefined) return Promise.resolve(at);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => {
          reject(new Error(`message ${seq} reached ${counts.get(seq) ?? 0} of ${receivers}`));
        }, timeoutMs);
        waiting.set(seq, (doneAt) => {
          clearTimeout(timer);
          resolve(doneAt);
        });
      });
    },
  };
}
