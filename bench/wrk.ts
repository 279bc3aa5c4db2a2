/**
 * A `wrk` run (the Debian package, /usr/bin/wrk) and its figures: a load generator in C that costs
 * less CPU than the server it loads, unlike autocannon inside the benchmark's own Node process.
 */
import { execFile } from "node:child_process";

export type WrkOptions = { threads: number; connections: number; seconds: number };

export type WrkResult = {
  rps: number;
  p50Ms: number;
  p99Ms: number;
  requests: number;
  /** Answers with a status of 400 or more ("Non-2xx or 3xx responses"). */
  non2xx: number;
  /** connect, read, write and timeout errors together. */
  socketErrors: number;
};

const UNIT_MS: Record<string, number> = { us: 0.001, ms: 1, s: 1_000, m: 60_000 };

/** "1.23ms", "870.00us", "2.01s" in milliseconds. */
function durationMs(text: string): number {
  const match = /^([\d.]+)(us|ms|s|m)$/.exec(text);
  if (!match) throw new Error(`wrk: cannot read the duration "${text}"`);
  return Number(match[1]) * (UNIT_MS[match[2] ?? ""] ?? Number.NaN);
}

/** The figures of wrk's `--latency` output. */
export function parseWrk(output: string): WrkResult {
  const percentile = (p: string) => {
    const match = new RegExp(`^\\s+${p}%\\s+(\\S+)`, "m").exec(output);
    if (!match?.[1]) throw new Error(`wrk printed no ${p}% latency:\n${output}`);
    return durationMs(match[1]);
  };
  const rps = /^Requests\/sec:\s+([\d.]+)/m.exec(output)?.[1];
  const requests = /^\s+(\d+) requests in /m.exec(output)?.[1];
  if (rps === undefined || requests === undefined)
    throw new Error(`wrk printed no rate:\n${output}`);
  const errors = /Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)/.exec(
    output,
  );
  return {
    rps: Number(rps),
    p50Ms: percentile("50"),
    p99Ms: percentile("99"),
    requests: Number(requests),
    non2xx: Number(/Non-2xx or 3xx responses: (\d+)/.exec(output)?.[1] ?? 0),
    socketErrors: errors ? errors.slice(1).reduce((sum, n) => sum + Number(n), 0) : 0,
  };
}

/** `wrk -t<threads> -c<connections> -d<seconds>s --latency <url>`, as its own process. */
export function runWrk(
  url: string,
  { threads, connections, seconds }: WrkOptions,
): Promise<WrkResult> {
  const args = [`-t${threads}`, `-c${connections}`, `-d${seconds}s`, "--latency", url];
  return new Promise((resolve, reject) => {
    execFile("wrk", args, { timeout: (seconds + 30) * 1_000 }, (error, stdout, stderr) => {
      if (error)
        return reject(new Error(`wrk ${args.join(" ")} failed: ${stderr || error.message}`));
      try {
        resolve(parseWrk(stdout));
      } catch (problem) {
        reject(problem);
      }
    });
  });
}

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

/** The figures bench/wrk/route.lua's done() prints as one JSON line. */
type RouteFigures = {
  requests: number;
  duration_us: number;
  p50_us: number;
  p99_us: number;
  status_errors: number;
  socket_errors: number;
};

export const ROUTE_SCRIPT = new URL("./wrk/route.lua", import.meta.url).pathname;

/** The JSON line of bench/wrk/route.lua's done() in wrk's output. */
export function parseRouteFigures(output: string): WrkResult {
  const line = output
    .split("\n")
    .reverse()
    .find((each) => each.startsWith('{"requests":'));
  if (!line) throw new Error(`wrk printed no figures line:\n${output}`);
  const figures = JSON.parse(line) as RouteFigures;
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
        resolve(parseRouteFigures(stdout));
      } catch (problem) {
        reject(problem);
      }
    });
  });
}
