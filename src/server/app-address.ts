import type { Config } from "./config.ts";

/** Hosts that mean "this machine's every interface": a browser here opens them as localhost. */
const WILDCARD_HOSTS = new Set(["0.0.0.0", "::", "[::]"]);
const LOOPBACK = new Set(["127.0.0.1", "localhost", "::1", "[::1]"]);

/** Whether the server listens on this machine only (HOST a loopback address). */
export function listensLocallyOnly(config: Pick<Config, "host">): boolean {
  return LOOPBACK.has(config.host);
}

/**
 * The address to open the app at, as the start-up lines and `npm run demo` print it (issue 34):
 * PUBLIC_ORIGIN when set, else this machine's address on PORT (HOST when it names one interface).
 */
export function appAddress(config: Pick<Config, "publicOrigin" | "host" | "port">): string {
  if (config.publicOrigin) return config.publicOrigin;
  const { host, port } = config;
  if (WILDCARD_HOSTS.has(host) || LOOPBACK.has(host)) return `http://localhost:${port}`;
  return `http://${host.includes(":") && !host.startsWith("[") ? `[${host}]` : host}:${port}`;
}
