/**
 * What the floor (floor-server.ts) and the peer (peer-express-server.ts) share: the port from the
 * command line, the seeded database of the environment with the floor's routes on it, and the
 * stop on SIGTERM.
 */
import { openFloorDb } from "./floor-db.ts";
import { createFloorRoutes, type FloorAnswer } from "./floor-routes.ts";

type Listening = { close(): void; closeAllConnections(): void };

/**
 * Opens the database (`named`: the app's statement names; else unnamed, as `pool.query` sends
 * them) and answers the port and a handler of one request; `serve` stops the server on SIGTERM.
 */
export async function floorProcess(script: string, { named }: { named: boolean }) {
  const port = Number(process.argv[2]);
  if (!Number.isInteger(port) || port <= 0) {
    console.error(`usage: node bench/${script} <port>`);
    process.exit(1);
  }
  const db = await openFloorDb(process.env, { named });
  const routes = await createFloorRoutes(db);
  return {
    port,
    /** The floor's answer to `method` on `url` (path and query) with the cookie and parsed body. */
    answer(
      method: string,
      url: string,
      cookie: string | undefined,
      body: unknown,
    ): Promise<FloorAnswer> {
      const { pathname, searchParams } = new URL(url, "http://floor");
      return routes.handle({ method, path: pathname, query: searchParams, cookie, body });
    },
    serve(server: Listening): void {
      process.once("SIGTERM", () => {
        server.close();
        server.closeAllConnections();
        void db.close().finally(() => process.exit(0));
      });
    },
  };
}
