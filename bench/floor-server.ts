/**
 * The floor (issue 21): a node:http server with no framework and no ORM that answers the measured
 * routes with the app's own SQL, driver, pool size and prepared statements, and the app's JSON
 * (floor-routes.ts), on the database the environment names: DATABASE_URL (node-postgres, pool of
 * the app's size, named statements where the app names them) or DATA_DIR (PGlite in-process through
 * the app's withPreparedStatements), already seeded and migrated.
 *
 *   DATABASE_URL=… node bench/floor-server.ts <port>
 *   DATA_DIR=…     node bench/floor-server.ts <port>
 *
 * Prints "listening" once it accepts connections; GET /api/health answers once the statements are
 * taken. Stops on SIGTERM.
 */
import http from "node:http";
import { openFloorDb } from "./floor-db.ts";
import { createFloorRoutes, type FloorRequest } from "./floor-routes.ts";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error("usage: node bench/floor-server.ts <port>");
  process.exit(1);
}

const db = await openFloorDb(process.env, { named: true });
const routes = await createFloorRoutes(db);

function send(response: http.ServerResponse, status: number, json: unknown): void {
  const body = JSON.stringify(json);
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
  });
  response.end(body);
}

async function answer(request: http.IncomingMessage, body: unknown, response: http.ServerResponse) {
  const url = new URL(request.url ?? "/", "http://floor");
  if (url.pathname === "/api/health") return send(response, 200, { status: "ok" });
  const floorRequest: FloorRequest = {
    method: request.method ?? "GET",
    path: url.pathname,
    query: url.searchParams,
    cookie: request.headers.cookie,
    body,
  };
  try {
    const { status, json } = await routes.handle(floorRequest);
    send(response, status, json);
  } catch (error) {
    console.error(error);
    send(response, 500, { error: { code: "internal", message: String(error) } });
  }
}

const server = http.createServer((request, response) => {
  if (request.method === "GET") {
    request.resume();
    void answer(request, undefined, response);
    return;
  }
  const chunks: Buffer[] = [];
  request.on("data", (chunk: Buffer) => chunks.push(chunk));
  request.on("end", () => {
    const text = Buffer.concat(chunks).toString("utf8");
    let body: unknown;
    try {
      body = text ? JSON.parse(text) : undefined;
    } catch {
      return send(response, 400, { error: { code: "invalid-input", message: "not JSON" } });
    }
    void answer(request, body, response);
  });
});
server.keepAliveTimeout = 65_000;
server.listen(port, "127.0.0.1", () => console.log("listening"));

process.once("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  void db.close().finally(() => process.exit(0));
});
