/**
 * The floor of the chat fan-out (issue 21): a bare `ws` server that sends every message it receives,
 * byte for byte, to every open socket, as `ws`'s own README broadcasts. No framework, no database,
 * no checks. `chat-cpu.ts` sends it a frame captured from the app's own broadcast, so both servers
 * write the same bytes to the same number of sockets.
 *
 *   node bench/ws-bare-broadcast.ts <port>
 *
 * `GET /health` answers 200 (for waitForHealthy); any other upgrade is a WebSocket.
 */
import http from "node:http";
import { WebSocket, WebSocketServer } from "ws";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error("usage: node bench/ws-bare-broadcast.ts <port>");
  process.exit(1);
}

const server = http.createServer((request, response) => {
  response.writeHead(request.url === "/health" ? 200 : 404).end();
});
const sockets = new WebSocketServer({ server });

sockets.on("connection", (socket) => {
  socket.on("message", (data, isBinary) => {
    for (const client of sockets.clients) {
      if (client.readyState === WebSocket.OPEN) client.send(data, { binary: isBinary });
    }
  });
});

server.listen(port, "127.0.0.1");

for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.once(signal, () => {
    for (const client of sockets.clients) client.terminate();
    server.close(() => process.exit(0));
    server.closeAllConnections();
  });
}
