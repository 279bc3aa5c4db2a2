import { createServer } from "node:http";

const json = (status: number, body: object, headers: Record<string, string> = {}) => ({
  status,
  body: JSON.stringify(body),
  headers: { "Content-Type": "application/json; charset=utf-8", ...headers },
});

/** What the port answers before the app is built: alive, not ready (migrating), nothing else. */
function answerFor(url: string | undefined) {
  const path = url?.split("?")[0];
  if (path === "/api/health/live") return json(200, { live: true });
  if (path === "/api/health/ready") return json(503, { ready: false, reason: "migrating" });
  return json(
    503,
    {
      error: {
        code: "starting",
        message: "The server is starting. Please try again in a moment.",
      },
    },
    { "Retry-After": "1" },
  );
}

/**
 * Holds the app's port while the storage opens and migrates (which may wait for another
 * instance's migration): probes see the process alive and not ready, clients a 503 to retry.
 * `stop` frees the port for the app.
 */
export async function answerWhileStarting(
  port: number,
  host: string,
): Promise<{ port: number; stop(): Promise<void> }> {
  const server = createServer((request, response) => {
    const { status, body, headers } = answerFor(request.url);
    response.writeHead(status, { ...headers, Connection: "close" }).end(body);
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  const address = server.address();
  return {
    port: typeof address === "object" && address ? address.port : port,
    stop: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
