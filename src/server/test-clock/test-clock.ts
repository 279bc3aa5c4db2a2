import type { FastifyInstance } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { z } from "zod";
import type { Clock } from "../schedule/index.ts";

/** The system's time plus what the journey added: the app runs on as usual, only later. */
export type MovableClock = Clock & { advance(ms: number): void };

export function offsetClock(): MovableClock {
  let offsetMs = 0;
  return {
    now: () => new Date(Date.now() + offsetMs),
    advance(ms) {
      offsetMs += ms;
    },
  };
}

const YEAR_SECONDS = 366 * 24 * 60 * 60;

/** What waits for time, run once after the clock moved, so a journey waits for what it causes. */
async function runDueJobs(app: FastifyInstance): Promise<void> {
  await app.postCache.invalidate();
  await app.notifications.remindExpiringPosts();
  await app.notifications.mailDue();
  await app.notifications.sendDigests();
}

/**
 * TEST_CLOCK only (config.ts refuses it in production): POST /api/test/clock
 * `{ advanceSeconds }` moves the server's clock forward and runs the due jobs once, so browser
 * journeys set the time instead of sleeping (issue 32). Never registered otherwise.
 */
export function testClockRoutes(clock: MovableClock): FastifyPluginAsyncZod {
  return async (app) => {
    app.post(
      "/test/clock",
      {
        schema: {
          body: z.object({ advanceSeconds: z.number().int().min(0).max(YEAR_SECONDS) }),
          response: { 200: z.object({ now: z.string() }) },
        },
      },
      async (request) => {
        clock.advance(request.body.advanceSeconds * 1000);
        await runDueJobs(app);
        return { now: clock.now().toISOString() };
      },
    );
  };
}
