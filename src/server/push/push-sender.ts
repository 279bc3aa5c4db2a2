import type { Database } from "../db/database.ts";
import { eventBusOf } from "../events/index.ts";
import { type DeliveryContext, deliverPush } from "./deliver-push.ts";
import { claimDueDelivery, msUntilNextDue, pruneDeliveries } from "./deliveries-repository.ts";
import { guardedAgent } from "./guarded-agent.ts";

export const PUSH_SENDER_DEFAULTS = {
  /** The wait after a first failed attempt; it doubles after each further one. */
  retryBaseMs: 30_000,
  /** The longest wait between two attempts. */
  maxRetryDelayMs: 60 * 60_000,
  /** A push not accepted after this many attempts is given up (by then it is old news). */
  maxAttempts: 8,
  /** How long a claimed row is left to its sender before another may try it. */
  leaseMs: 2 * 60_000,
  /** Looks for due rows this often even when nothing is announced. */
  pollMs: 30_000,
  /** How long a push service may take to answer. */
  requestTimeoutMs: 15_000,
  /** How long closing waits for a send in progress (the lease covers one cut short). */
  stopGraceMs: 5_000,
};
export type PushSenderOptions = Partial<typeof PUSH_SENDER_DEFAULTS>;

/** Done deliveries are kept this long (operators look at failures), then pruned. */
const KEEP_DONE_MS = 7 * 24 * 60 * 60_000;
/** How often a sender prunes (not after every wake: a busy hour wakes it thousands of times). */
const PRUNE_EVERY_MS = 60 * 60_000;

export type PushSender = {
  /** Sends every due push (waits for a run in progress, then runs once more); how many it tried. */
  sendDue(): Promise<number>;
  start(): Promise<void>;
  stop(): Promise<void>;
};

/** What a delivery needs from the app; the sender adds the database handle, agent and settings. */
type Setup = Pick<
  DeliveryContext,
  "clock" | "log" | "keys" | "subject" | "allowPrivate" | "blockedOf"
> & { database: Database; options?: PushSenderOptions };

/**
 * `run`, one at a time: a call during a run gets the run after it (which sees what the caller
 * committed before calling), and calls meanwhile share that one.
 */
function oneAtATime(run: () => Promise<number>): () => Promise<number> {
  let running: Promise<number> | undefined;
  let next: Promise<number> | undefined;
  const call = (): Promise<number> => {
    if (!running) {
      running = run().finally(() => {
        running = undefined;
      });
      return running;
    }
    next ??= running.then(() => {
      next = undefined;
      return call();
    });
    return next;
  };
  return call;
}

/** Waits for `work`, at most `ms`. */
async function atMost(work: Promise<unknown>, ms: number): Promise<void> {
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([work, new Promise((resolve) => (timer = setTimeout(resolve, ms)))]);
  clearTimeout(timer);
}

/**
 * Delivers the push outbox (deliveries-repository.ts): wakes when pushes are queued (a
 * `push.queued` event), when a retry is due and every pollMs; claims one due row at a time and
 * delivers it (deliver-push.ts). Several instances share the work through the claim (SKIP LOCKED
 * and a lease), so each push is sent once.
 */
export function createPushSender(setup: Setup): PushSender {
  const settings = { ...PUSH_SENDER_DEFAULTS, ...setup.options };
  const { database, clock, log } = setup;
  const { db } = database;
  const agent = guardedAgent({ allowPrivate: setup.allowPrivate });
  const context = { ...setup, ...settings, db, agent };
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | undefined;
  let unlisten: (() => Promise<void>) | undefined;
  let prunedAt = Number.NEGATIVE_INFINITY;

  const pruneNow = async () => {
    const now = clock.now().getTime();
    if (now - prunedAt < PRUNE_EVERY_MS) return;
    prunedAt = now;
    await pruneDeliveries(db, new Date(now - KEEP_DONE_MS));
  };

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(() => void sendDue(), ms);
    timer.unref();
  };

  const drain = async (): Promise<number> => {
    clearTimeout(timer);
    let tried = 0;
    try {
      for (;;) {
        if (stopped) return tried;
        const delivery = await claimDueDelivery(db, clock.now(), settings.leaseMs);
        if (!delivery) break;
        tried += 1;
        await deliverPush(context, delivery);
      }
      await pruneNow();
      const nextDueMs = await msUntilNextDue(db, clock.now());
      schedule(Math.min(nextDueMs ?? settings.pollMs, settings.pollMs));
    } catch (error) {
      if (stopped) return tried;
      // The storage is down or busy: the rows wait (a claimed one until its lease ends).
      log.warn({ err: error }, "push: cannot read the outbox, trying again later");
      schedule(settings.pollMs);
    }
    return tried;
  };

  const sendDue = oneAtATime(() => {
    if (stopped) return Promise.resolve(0);
    running = drain();
    return running;
  });

  return {
    sendDue,
    async start() {
      unlisten = await eventBusOf(database).subscribe({
        types: ["push.queued"],
        on: () => void sendDue(),
        onResync: () => void sendDue(),
      });
      void sendDue();
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await unlisten?.().catch(() => {});
      if (running) await atMost(running, settings.stopGraceMs);
      agent.destroy();
    },
  };
}
