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
import { floorProcess } from "./floor-process.ts";

const floor = await floorProcess("peer-express-server.ts", { named: false });
const app = express();
app.use(express.json());

async function answer(request: Request, response: Response) {
  const { method, originalUrl, headers, body } = request;
  const { status, json } = await floor.answer(method, originalUrl, headers.cookie, body);
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

floor.serve(app.listen(floor.port, "127.0.0.1", () => console.log("listening")));
