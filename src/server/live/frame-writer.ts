import type { Duplex } from "node:stream";
import type { WebSocket } from "ws";
import type { ServerFrame } from "../../shared/chat.ts";
import { textFrame } from "./text-frame.ts";

/** A socket as the frame writer sees it: the `ws` socket and, when known, the TCP stream under it. */
export type FrameTarget = {
  socket: WebSocket;
  /**
   * The TCP stream under `socket` (the upgrade request's, which `ws` took over): prebuilt frames
   * are written to it whole (text-frame.ts). Absent: `socket.send`.
   */
  stream?: Duplex;
};

/**
 * A server frame built once, whatever the number of sockets it goes to: its JSON text and the same
 * as a whole WebSocket text frame (decision 020).
 */
export type BuiltFrame = { readonly text: Buffer; readonly wire: Buffer };

/** A socket that lets this much pile up unread is cut; it reconnects and resumes. */
const SLOW_CONSUMER_BYTES = 4 * 1024 * 1024;

/** Serialises, encodes and frames `frame` once. */
export function buildFrame(frame: ServerFrame): BuiltFrame {
  const text = Buffer.from(JSON.stringify(frame));
  return { text, wire: textFrame(text) };
}

/**
 * Writes `frame` to one socket: a built frame goes straight to its TCP stream (`ws` writes to that
 * stream synchronously, as no compression is negotiated, so frames keep their order and its
 * `bufferedAmount` counts them); a string (a frame for this socket alone) through `ws`. A closed
 * socket is skipped; one that lets too much pile up is cut.
 */
export function writeFrame(target: FrameTarget, frame: BuiltFrame | string): void {
  const { socket, stream } = target;
  if (socket.readyState !== socket.OPEN) return;
  if (socket.bufferedAmount > SLOW_CONSUMER_BYTES) {
    socket.terminate();
    return;
  }
  if (typeof frame === "string") socket.send(frame, { binary: false });
  else if (stream && socket.extensions === "") stream.write(frame.wire);
  else socket.send(frame.text, { binary: false });
}
