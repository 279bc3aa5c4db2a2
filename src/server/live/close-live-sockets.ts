import type { FastifyInstance } from "fastify";
import type { WebSocket } from "ws";
import { CLOSE_GOING_AWAY } from "../../shared/chat.ts";

/** How long peers get to answer the close before their sockets are cut. */
const CLOSE_GRACE_MS = 1_000;

/**
 * `preClose` of @fastify/websocket: on shutdown every socket is closed with 1001 'going away', so
 * clients reconnect (to another instance) and resume; peers that do not answer are cut after a
 * moment, so shutdown never waits on a dead connection.
 */
export async function closeLiveSockets(this: FastifyInstance): Promise<void> {
  const server = this.websocketServer;
  const open = [...server.clients];
  const closed = open.map(
    (socket: WebSocket) =>
      new Promise<void>((resolve) => {
        if (socket.readyState === socket.CLOSED) return resolve();
        socket.once("close", () => resolve());
        socket.close(CLOSE_GOING_AWAY, "going away");
      }),
  );
  const grace = new Promise<void>((resolve) => setTimeout(resolve, CLOSE_GRACE_MS).unref());
  await Promise.race([Promise.all(closed), grace]);
  for (const socket of server.clients) socket.terminate();
  await new Promise<void>((resolve) => server.close(() => resolve()));
}
