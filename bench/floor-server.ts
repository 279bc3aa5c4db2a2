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
import { floorProcess } from "./floor-process.ts";

const floor = await floorProcess("floor-server.ts", { named: true });

function send(response: http.ServerResponse, status: number, json: unknown): void {
  const body = JSON.stringify(json);
  response.writeHead(status, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(body),
  });
  response.end(body);
}

async function answer(request: http.IncomingMessage, body: unknown, response: http.ServerResponse) {
  const url = request.url ?? "/";
  if (url === "/api/health") return send(response, 200, { status: "ok" });
  try {
    const { status, json } = await floor.answer(
      request.method ?? "GET",
      url,
      request.headers.cookie,
      body,
    );
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
server.listen(floor.port, "127.0.0.1", () => console.log("listening"));
floor.serve(server);
