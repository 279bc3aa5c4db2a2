import type { Server } from "node:http";

/**
 * Runs `work` once the server has had no new request for `quietMs`, and at the latest `latestMs`
 * after this call: for work that blocks the process a while (reading the place list, ~0.4 s) and
 * is better not done while the first visitors' pages load. The timers never keep the process alive.
 */
export function whenQuiet(
  server: Server,
  work: () => void,
  { quietMs = 1_000, latestMs = 10_000 }: { quietMs?: number; latestMs?: number } = {},
): void {
  let done = false;
  const run = () => {
    if (done) return;
    done = true;
    clearTimeout(quiet);
    clearTimeout(latest);
    server.off("request", onRequest);
    work();
  };
  let quiet = setTimeout(run, quietMs).unref();
  const latest = setTimeout(run, latestMs).unref();
  const onRequest = () => {
    clearTimeout(quiet);
    quiet = setTimeout(run, quietMs).unref();
  };
  server.on("request", onRequest);
}
