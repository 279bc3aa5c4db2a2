/**
 * The processes a benchmark loads: the real server in production mode, the hello-world baselines
 * and any `node` script, each stopped by `cleanUp()` at the latest.
 */
import {
  freePort,
  SERVER_MAIN,
  type ServerProcess,
  startProcess,
  waitForHealthy,
} from "../test/harness/server-process.ts";
import { onCleanUp, tempDir } from "./bench-kit.ts";

/**
 * Starts `node <args>` as its own process (test/harness/server-process.ts) with only PATH and HOME
 * of this environment, through `wrapper` if given (a command that ends by running its arguments);
 * stopped by `cleanUp()` at the latest.
 */
export function startNode(
  args: string[],
  env: Record<string, string>,
  port: number,
  { wrapper = [], stdout }: { wrapper?: string[]; stdout?: "ignore" | "pipe" } = {},
): ServerProcess {
  const [command = process.execPath, ...wrapperArgs] = wrapper;
  const server = startProcess(
    command,
    wrapper.length > 0 ? [...wrapperArgs, process.execPath, ...args] : args,
    { PATH: process.env.PATH ?? "", HOME: process.env.HOME ?? "", ...env },
    port,
    { stdout },
  );
  onCleanUp(() => server.stop().then(() => {}));
  return server;
}

/** The server in production mode on this machine, as it runs behind the proxy. */
export const PRODUCTION_ENV: Record<string, string> = {
  HOST: "127.0.0.1",
  NODE_ENV: "production",
  ALLOWED_HOSTS: "localhost", // production needs PUBLIC_ORIGIN or ALLOWED_HOSTS
};

/** The limits per client address lifted: all the load comes from this one machine. */
export const ONE_ADDRESS_LIMITS_LIFTED: Record<string, string> = {
  MAX_CONNECTIONS_PER_ADDRESS: "100000",
  CHAT_SOCKETS_PER_ADDRESS: "100000",
  CHAT_UPGRADES_PER_ADDRESS_PER_MINUTE: "100000",
};

/**
 * The real server in production mode on `port` (PRODUCTION_ENV), with `env` on top; `nodeArgs` go
 * before the script. Stopped by `cleanUp()` at the latest.
 */
export function startProductionServer(
  port: number,
  env: Record<string, string>,
  nodeArgs: string[] = [],
  wrapper: string[] = [],
  main = SERVER_MAIN,
): ServerProcess {
  return startNode([...nodeArgs, main], { PORT: String(port), ...PRODUCTION_ENV, ...env }, port, {
    wrapper,
  });
}

/** Node's options for a CPU profile of a server into `dir` (read it with bench/profile-top.ts). */
export const cpuProfileArgs = (dir: string | undefined): string[] =>
  dir ? ["--cpu-prof", `--cpu-prof-dir=${dir}`] : [];

/**
 * The real server (startProductionServer) loaded from this machine: the per-address limits
 * lifted, no web app, `LOG_LEVEL` warn unless `env` says otherwise; answers once it is healthy.
 */
export async function startAppServer(
  env: Record<string, string>,
  {
    nodeArgs = [],
    wrapper = [],
    main = SERVER_MAIN,
    healthyWithinMs = 60_000,
  }: { nodeArgs?: string[]; wrapper?: string[]; main?: string; healthyWithinMs?: number } = {},
): Promise<ServerProcess> {
  const port = await freePort();
  const server = startProductionServer(
    port,
    { ...ONE_ADDRESS_LIMITS_LIFTED, LOG_LEVEL: "warn", WEB_DIR: tempDir("no-web"), ...env },
    nodeArgs,
    wrapper,
    main,
  );
  await waitForHealthy(server, healthyWithinMs);
  return server;
}

/** bench/hello-server.ts: a bare `node:http` or Fastify hello-world, the baselines. */
export async function startHello(kind: "node" | "fastify"): Promise<ServerProcess> {
  const port = await freePort();
  const server = startNode(["bench/hello-server.ts", kind, String(port)], {}, port);
  await waitForHealthy(server, 60_000, { path: "/" });
  return server;
}
