import net from "node:net";

/**
 * A TCP proxy to put between the app and PostgreSQL, to take storage away the way a network or a
 * server failure does. `cut()` destroys every open connection and refuses new ones (the port stops
 * listening: ECONNREFUSED), `restore()` listens on the same port again. `partition()` is the silent
 * kind: nothing is forwarded and nothing is closed (packets dropped, no reset), new connections are
 * accepted and left unanswered; `heal()` delivers what was held, in order, as TCP's retransmissions
 * would, closes included. `delayMs` holds each chunk a moment in both directions, so transactions
 * stay open long enough to be cut in the middle.
 */
export type TcpProxy = {
  port: number;
  url(databaseUrl: string): string;
  /** Connections opened through the proxy so far. */
  opened(): number;
  cut(): Promise<void>;
  restore(): Promise<void>;
  partition(): void;
  heal(): void;
  close(): Promise<void>;
};

export async function startTcpProxy(
  target: { host: string; port: number },
  { delayMs = 0 }: { delayMs?: number } = {},
): Promise<TcpProxy> {
  const sockets = new Set<net.Socket>();
  let opened = 0;
  let partitioned = false;
  let held: (() => void)[] = [];
  /** Runs `action` now, or when the partition heals. */
  const deliver = (action: () => void) => (partitioned ? held.push(action) : action());

  const relay = (from: net.Socket, to: net.Socket) => {
    from.on("data", (chunk) =>
      deliver(() => {
        if (delayMs === 0) to.write(chunk);
        else setTimeout(() => to.destroyed || to.write(chunk), delayMs);
      }),
    );
  };

  const link = (client: net.Socket) => {
    if (client.destroyed) return;
    const upstream = net.connect(target.port, target.host);
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on("close", () => {
        sockets.delete(socket);
        deliver(() => {
          client.destroy();
          upstream.destroy();
        });
      });
    }
    upstream.on("error", () => {});
    relay(client, upstream);
    relay(upstream, client);
    client.resume();
  };

  const server = net.createServer({ pauseOnConnect: true }, (client) => {
    opened++;
    client.on("error", () => {});
    client.on("close", () => sockets.delete(client));
    sockets.add(client);
    deliver(() => link(client));
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
  const destroyAll = async () => {
    partitioned = false;
    held = [];
    const closing = stopListening();
    for (const socket of sockets) socket.destroy();
    await closing;
  };

  return {
    port,
    url: (databaseUrl) => {
      const url = new URL(databaseUrl);
      url.hostname = "127.0.0.1";
      url.port = String(port);
      return url.toString();
    },
    opened: () => opened,
    cut: destroyAll,
    restore: () => listen(port),
    partition: () => {
      partitioned = true;
    },
    heal: () => {
      partitioned = false;
      for (const action of held.splice(0)) action();
    },
    close: destroyAll,
  };
}
