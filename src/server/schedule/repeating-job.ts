import type { FastifyBaseLogger } from "fastify";
import { countJobRun } from "../metrics/index.ts";

/**
 * Runs `run` every `everyMs` inside this process until stopped, one run at a time (the next waits
 * for the last to end). Jobs are safe to run on every instance at once: each claims its rows
 * (`FOR UPDATE SKIP LOCKED`), so N instances share the work and nothing is done twice. A failed run
 * is logged and the next one comes on time. Resolves `stop` after the run in progress ends.
 */
export function startRepeatingJob({
  name,
  everyMs,
  run,
  log,
}: {
  name: string;
  everyMs: number;
  run: () => Promise<unknown>;
  log: FastifyBaseLogger;
}): { stop(): Promise<void> } {
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;

  const schedule = () => {
    if (stopped) return;
    timer = setTimeout(tick, everyMs);
    timer.unref();
  };
  const tick = () => {
    running = run()
      .then(
        () => countJobRun(name, "ok"),
        (error: unknown) => {
          countJobRun(name, "failed");
          log.warn({ err: error, job: name }, "scheduled job failed");
        },
      )
      .finally(() => {
        running = undefined;
        schedule();
      });
  };
  schedule();

  return {
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running;
    },
  };
}
