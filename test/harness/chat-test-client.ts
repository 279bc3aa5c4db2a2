import WebSocket from "ws";
import {
  CHAT_PATH,
  type ChatMessage,
  type ClientFrame,
  type ServerFrame,
  serverFrameSchema,
} from "../../src/shared/chat.ts";

/** A real WebSocket client of the chat for tests and the benchmark: records every frame it gets. */
export type ChatTestClient = {
  socket: WebSocket;
  frames: ServerFrame[];
  /** Every frame's text as it came: `frames` are parsed, which drops fields the schema lacks. */
  rawFrames: string[];
  send(frame: ClientFrame | Record<string, unknown>): void;
  sendRaw(data: string | Buffer, binary?: boolean): void;
  /** The first frame (already received or still to come) matching `match`. */
  waitFor<T extends ServerFrame>(
    match: (frame: ServerFrame) => frame is T,
    ms?: number,
  ): Promise<T>;
  waitFor(match: (frame: ServerFrame) => boolean, ms?: number): Promise<ServerFrame>;
  /** Every message received, in arrival order: snapshot/resume, then broadcast messages. */
  messages(): ChatMessage[];
  closed: Promise<{ code: number; reason: string }>;
  close(): Promise<void>;
};

export type ConnectOptions = {
  cookie?: string;
  /** Defaults to the server's own origin; null sends none. */
  origin?: string | null;
  after?: number;
  /** "0": a socket without the public room (direct message frames only, issue 17). */
  room?: "0" | "1";
  autoPong?: boolean;
};

export const isFrame =
  <K extends ServerFrame["type"]>(type: K) =>
  (frame: ServerFrame): frame is Extract<ServerFrame, { type: K }> =>
    frame.type === type;

export const isAckOf =
  (clientId: string) =>
  (frame: ServerFrame): frame is Extract<ServerFrame, { type: "ack" }> =>
    frame.type === "ack" && frame.clientId === clientId;

export const isErrorOf =
  (clientId: string) =>
  (frame: ServerFrame): frame is Extract<ServerFrame, { type: "error" }> =>
    frame.type === "error" && frame.clientId === clientId;

/** Opens `/api/chat` on `baseUrl` (http://host:port); rejects with the HTTP status if refused. */
export function connectChat(
  baseUrl: string,
  options: ConnectOptions = {},
): Promise<ChatTestClient> {
  const url = new URL(CHAT_PATH, baseUrl.replace(/^http/, "ws"));
  if (options.after !== undefined) url.searchParams.set("after", String(options.after));
  if (options.room !== undefined) url.searchParams.set("room", options.room);
  const origin = options.origin === undefined ? new URL(baseUrl).origin : options.origin;
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  const socket = new WebSocket(url, {
    headers,
    ...(origin === null ? {} : { origin }),
    autoPong: options.autoPong ?? true,
  });
  const frames: ServerFrame[] = [];
  const rawFrames: string[] = [];
  const waiters = new Set<() => void>();
  socket.on("message", (data) => {
    rawFrames.push(String(data));
    const frame = serverFrameSchema.parse(JSON.parse(String(data)));
    frames.push(frame);
    for (const wake of [...waiters]) wake();
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) => {
    socket.once("close", (code, reason) => {
      resolve({ code, reason: String(reason) });
      for (const wake of [...waiters]) wake();
    });
  });

  function waitFor(match: (frame: ServerFrame) => boolean, ms = 5_000): Promise<ServerFrame> {
    return new Promise((resolve, reject) => {
      const check = () => {
        const found = frames.find(match);
        if (found) {
          done();
          resolve(found);
        } else if (socket.readyState === socket.CLOSED) {
          done();
          reject(
            new Error(`socket closed before the awaited frame; got ${JSON.stringify(frames)}`),
          );
        }
      };
      const timer = setTimeout(() => {
        done();
        reject(
          new Error(`no awaited frame in ${ms} ms; got ${JSON.stringify(frames).slice(-2000)}`),
        );
      }, ms);
      const done = () => {
        clearTimeout(timer);
        waiters.delete(check);
      };
      waiters.add(check);
      check();
    });
  }

  const client: ChatTestClient = {
    socket,
    frames,
    rawFrames,
    send: (frame) => socket.send(JSON.stringify(frame)),
    sendRaw: (data, binary = false) => socket.send(data, { binary }),
    waitFor: waitFor as ChatTestClient["waitFor"],
    messages: () =>
      frames.flatMap((frame) => {
        if (frame.type === "snapshot" || frame.type === "resume") return frame.messages;
        if (frame.type === "message") return [frame.message];
        return [];
      }),
    closed,
    close: async () => {
      if (socket.readyState !== socket.CLOSED) socket.close(1000);
      await closed;
    },
  };

  return new Promise((resolve, reject) => {
    socket.once("open", () => resolve(client));
    socket.once("unexpected-response", (_request, response) => {
      reject(new Error(`refused with ${response.statusCode}`));
      socket.terminate();
    });
    socket.on("error", reject); // later errors end in `closed`
  });
}
