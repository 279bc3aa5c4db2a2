/**
 * A `wrk` run (the Debian package, /usr/bin/wrk) of one route and its figures: a load generator in
 * C that costs less CPU than the server it loads, unlike autocannon inside the benchmark's own Node
 * process. bench/wrk/route.lua builds the requests and prints the figures as one JSON line.
 */
import { execFile } from "node:child_process";

export type WrkOptions = { threads: number; connections: number; seconds: number };

/** What bench/wrk/route.lua asks for: see its header. */
export type WrkRoute = {
  method: "GET" | "POST";
  /** `{id}` in it becomes a random id of `ids` for each request. */
  path: string;
  ids?: { first: number; last: number };
  cookie?: string;
  /** The server's own origin, sent with a body (the CSRF check reads it). */
  origin?: string;
  body?: string;
};

const ROUTE_SCRIPT = new URL("./wrk/route.lua", import.meta.url).pathname;

/** The figures of one run; `non2xx` counts answers of 400 or more, `socketErrors` all four kinds. */
export type WrkResult = ReturnType<typeof figuresOf>;

/** The JSON line of bench/wrk/route.lua's done() (latencies in µs) in wrk's output, in ms. */
function figuresOf(output: string) {
  const line = output
    .split("\n")
    .reverse()
    .find((each) => each.startsWith('{"requests":'));
  if (!line) throw new Error(`wrk printed no figures line:\n${output}`);
  const figures = JSON.parse(line) as Record<
    "requests" | "duration_us" | "p50_us" | "p99_us" | "status_errors" | "socket_errors",
    number
  >;
  return {
    rps: figures.requests / (figures.duration_us / 1e6),
    p50Ms: figures.p50_us / 1_000,
    p99Ms: figures.p99_us / 1_000,
    requests: figures.requests,
    non2xx: figures.status_errors,
    socketErrors: figures.socket_errors,
  };
}

/** One route of `base` under wrk with bench/wrk/route.lua (cookie, random ids, a POST body). */
export function runWrkRoute(
  base: string,
  route: WrkRoute,
  { threads, connections, seconds }: WrkOptions,
): Promise<WrkResult> {
  const options = [
    `method=${route.method}`,
    `path=${route.path}`,
    route.ids ? `ids=${route.ids.first}-${route.ids.last}` : "",
    route.cookie ? `cookie=${route.cookie}` : "",
    route.origin ? `origin=${route.origin}` : "",
    route.body ? `body=${route.body}` : "",
  ].filter(Boolean);
  const args = [
    `-t${threads}`,
    `-c${connections}`,
    // wrk takes whole seconds only.
    `-d${Math.max(1, Math.round(seconds))}s`,
    "--latency",
    "-s",
    ROUTE_SCRIPT,
    base,
    "--",
    ...options,
  ];
  return new Promise((resolve, reject) => {
    execFile("wrk", args, { timeout: (seconds + 30) * 1_000 }, (error, stdout, stderr) => {
      if (error)
        return reject(
          new Error(`wrk ${route.method} ${route.path} failed: ${stderr || error.message}`),
        );
      try {
        resolve(figuresOf(stdout));
      } catch (problem) {
        reject(problem);
      }
    });
  });
}
