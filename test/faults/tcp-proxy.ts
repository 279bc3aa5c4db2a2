import net from "node:net";

/**
 * A TCP proxy to put between the app and PostgreSQL, to take storage away the way a network or a
 * server failure does: `cut()` destroys every open connection and refuses new ones (the port stops
 * listening: ECONNREFUSED), `restore()` listens on the same port again. `delayMs` holds each chunk
 * a moment in both directions, so transactions stay open long enough to be cut in the middle.
 */
export type TcpProxy = {
  port: number;
  url(databaseUrl: string): string;
  /** Connections opened through the proxy so far. */
  opened(): number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  close(): Promise<void>;
};

export async function startTcpProxy(
  target: { host: string; port: number },
  { delayMs = 0 }: { delayMs?: number } = {},
): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let opened = 0;

  const relay = (from: net.Socket, to: net.Socket) => {
    from.on("data", (chunk) => {
      if (delayMs === 0) to.write(chunk);
      else setTimeout(() => to.destroyed || to.write(chunk), delayMs);
    });
  };

  const server = net.createServer((client) => {
    opened++;
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("error", () => {});
      socket.on("close", () => {
        sockets.delete(socket);
        client.destroy();
        upstream.destroy();
      });
    }
    relay(client, upstream);
    relay(upstream, client);
  });

  const listen = (port: number) =>
    new Promise<void>((resolve, reject) => {
      server.once("error", reject);
      server.listen(port, "127.0.0.1", () => {
        server.off("error", reject);
        resolve();
      });
    });
  await listen(0);
  const port = (server.address() as net.AddressInfo).port;

  const stopListening = () =>
    new Promise<void>((resolve) => (server.listening ? server.close(() => resolve()) : resolve()));

  return {
    port,
    url: (databaseUrl) => {
      const url = new URL(databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    opened: () => opened,
    cut: async () => {
      const closing = stopListening();
      for (const socket of sockets) socket.destroy();
      await closing;
    },
    restore: () => listen(port),
    close: async () => {
      const closing = stopListening();
      for (const socket of sockets) socket.destroy();
      await closing;
    },
  };
}
