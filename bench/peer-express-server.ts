/**
 * The peer (issue 21): what most Node developers would write for the same routes: Express 5 and
 * node-postgres (`pool.query` with the text and values, no named statements), the same SQL and the
 * same answers as the floor (floor-routes.ts), on the seeded database of DATABASE_URL (or DATA_DIR:
 * PGlite, optional).
 *
 *   DATABASE_URL=… node bench/peer-express-server.ts <port>
 *
 * Prints "listening" once it accepts connections. Stops on SIGTERM.
 */
import express, { type Request, type Response } from "express";
import { openFloorDb } from "./floor-db.ts";
import { createFloorRoutes } from "./floor-routes.ts";

const port = Number(process.argv[2]);
if (!Number.isInteger(port) || port <= 0) {
  console.error("usage: node bench/peer-express-server.ts <port>");
  process.exit(1);
}

const db = await openFloorDb(process.env, { named: false });
const routes = await createFloorRoutes(db);
const app = express();
app.use(express.json());

async function answer(request: Request, response: Response) {
  const url = new URL(request.originalUrl, "http://peer");
  const { status, json } = await routes.handle({
    method: request.method,
    path: url.pathname,
    query: url.searchParams,
    cookie: request.headers.cookie,
    body: request.body,
  });
  response.status(status).json(json);
}

app.get("/api/health", (_request, response) => {
  response.json({ status: "ok" });
});
app.get("/api/articles", answer);
app.post("/api/articles", answer);
app.get("/api/articles/:id", answer);
app.get("/api/users/username/:username", answer);
app.get("/api/reviews", answer);
app.get("/api/search/posts", answer);

const server = app.listen(port, "127.0.0.1", () => console.log("listening"));
process.once("SIGTERM", () => {
  server.close();
  server.closeAllConnections();
  void db.close().finally(() => process.exit(0));
});
