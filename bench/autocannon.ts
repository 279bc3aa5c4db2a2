/** Load from the benchmark's own process with autocannon, and what went wrong in it. */
import { createRequire } from "node:module";

/** The `--duration`, `--warmup` (seconds) and `--connections` options, by their defaults. */
export const LOAD_ARGS = { duration: 10, warmup: 1, connections: 100 };

export function loadArgsProblem(args: typeof LOAD_ARGS): string | null {
  const { duration, warmup, connections } = args;
  return duration > 0 && warmup >= 0 && connections >= 1
    ? null
    : "--duration, --warmup and --connections must be positive numbers";
}

export type LoadOptions = {
  url: string;
  connections: number;
  duration: number;
  method?: "GET" | "POST";
  headers?: Record<string, string>;
  body?: string;
  /** A new path for each request (autocannon's setupRequest), e.g. a random id. */
  path?: () => string;
};

export type LoadResult = {
  rps: number;
  p50: number;
  p99: number;
  total: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};

type AutocannonResult = {
  requests: { total: number };
  latency: { p50: number; p99: number };
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
};
type Autocannon = (
  options: Record<string, unknown>,
  callback: (error: Error | null, result: AutocannonResult) => void,
) => unknown;

// autocannon ships CommonJS without types.
const autocannon = createRequire(import.meta.url)("autocannon") as Autocannon;

/** Load from this process (never the server's): `connections` keep-alive connections for `duration` s. */
export function load(options: LoadOptions): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: options.url,
        connections: options.connections,
        duration: options.duration,
        method: options.method ?? "GET",
        headers: options.headers ?? {},
        body: options.body,
        timeout: 10,
        ...(options.path
          ? {
              requests: [
                {
                  setupRequest: (request: { path: string }) => {
                    request.path = options.path?.() ?? request.path;
                    return request;
                  },
                },
              ],
            }
          : {}),
      },
      (error, result) => {
        if (error) return reject(error);
        resolve({
          rps: result.requests.total / result.duration,
          p50: result.latency.p50,
          p99: result.latency.p99,
          total: result.requests.total,
          non2xx: result.non2xx,
          errors: result.errors,
          timeouts: result.timeouts,
        });
      },
    );
  });
}

/** What went wrong in a load, one phrase each ("3 non-2xx"); empty when nothing did. */
export function loadProblems(result: LoadResult): string[] {
  return [
    result.non2xx ? `${result.non2xx} non-2xx` : "",
    result.errors ? `${result.errors} errors` : "",
    result.timeouts ? `${result.timeouts} timeouts` : "",
    result.total === 0 ? "no requests" : "",
  ].filter(Boolean);
}
