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
