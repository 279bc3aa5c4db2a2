import type { FastifyBaseLogger } from "fastify";
import type { Database } from "../db/database.ts";
import { eventBusOf } from "../events/index.ts";
import {
  describeFailure,
  isPermanentFailure,
  type MailTransport,
  recipientDomain,
} from "./mail-transport.ts";
import {
  type ClaimedMail,
  claimDueMail,
  markFailed,
  markSent,
  msUntilNextDue,
  scheduleRetry,
} from "./outbox.ts";

/** What an attempt came to; tests wait for these instead of sleeping. */
export type MailAttempt = {
  id: number;
  attempt: number;
  outcome: "sent" | "retry" | "failed";
  error?: string;
};

export type MailSenderOptions = {
  /** The wait after a first failed attempt; it doubles after each further one. */
  retryBaseMs?: number;
  /** The longest wait between two attempts. */
  maxRetryDelayMs?: number;
  /** A message not sent after this many attempts is given up. */
  maxAttempts?: number;
  /** How long a claimed row is left to its sender before another may try it. */
  leaseMs?: number;
  /** Looks for due rows this often even when nothing is announced. */
  pollMs?: number;
  /** How long closing waits for a send in progress (the lease covers one cut short). */
  stopGraceMs?: number;
  onAttempt?: (attempt: MailAttempt) => void;
};

export const MAIL_SENDER_DEFAULTS = {
  retryBaseMs: 30_000,
  maxRetryDelayMs: 60 * 60_000,
  maxAttempts: 10,
  leaseMs: 5 * 60_000,
  pollMs: 30_000,
  stopGraceMs: 5_000,
} satisfies MailSenderOptions;

/** The wait after failed attempt number `attempt` (1, 2, …): base × 2^(attempt−1), capped. */
export function retryDelayMs(
  attempt: number,
  { retryBaseMs, maxRetryDelayMs }: { retryBaseMs: number; maxRetryDelayMs: number },
): number {
  return Math.min(retryBaseMs * 2 ** (attempt - 1), maxRetryDelayMs);
}

export type MailSender = {
  /** Listens for queued mail and sends what is due (rows left from before a restart too). */
  start(): Promise<void>;
  /** Stops taking rows; waits up to stopGraceMs for a send in progress. */
  stop(): Promise<void>;
};

/**
 * Delivers the outbox (outbox.ts): wakes when mail is queued (a `mail.queued` event), when the
 * next retry is due, and every pollMs; claims one due row at a time, sends it, marks the outcome.
 * Several instances share the work through the claim (FOR UPDATE SKIP LOCKED plus a lease).
 */
export function createMailSender({
  database,
  transport,
  log,
  options = {},
}: {
  database: Database;
  transport: MailTransport;
  log: FastifyBaseLogger;
  options?: MailSenderOptions;
}): MailSender {
  const settings = { ...MAIL_SENDER_DEFAULTS, ...options };
  const { db } = database;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<void> | undefined;
  let wakeAgain = false;
  let unlisten: (() => Promise<void>) | undefined;

  const schedule = (ms: number) => {
    clearTimeout(timer);
    if (stopped) return;
    timer = setTimeout(wake, ms);
    timer.unref();
  };

  const deliver = async (mail: ClaimedMail) => {
    const domain = recipientDomain(mail.to);
    let failure: unknown;
    try {
      await transport.send(mail);
    } catch (error) {
      failure = error ?? new Error("unknown failure");
    }
    if (failure === undefined) {
      await markSent(db, mail);
      log.info({ mailId: mail.id, domain, attempt: mail.attempt }, "mail sent");
      settings.onAttempt?.({ id: mail.id, attempt: mail.attempt, outcome: "sent" });
      return;
    }
    const error = describeFailure(failure);
    if (isPermanentFailure(failure) || mail.attempt >= settings.maxAttempts) {
      await markFailed(db, mail, error);
      log.error(
        { mailId: mail.id, domain, attempts: mail.attempt, error },
        "mail failed for good: not retried (see docs/operations.md, Mail)",
      );
      settings.onAttempt?.({ id: mail.id, attempt: mail.attempt, outcome: "failed", error });
      return;
    }
    const retryInMs = retryDelayMs(mail.attempt, settings);
    await scheduleRetry(db, mail, error, retryInMs);
    log.warn(
      { mailId: mail.id, domain, attempt: mail.attempt, retryInSeconds: retryInMs / 1000, error },
      "mail not sent yet: will retry",
    );
    settings.onAttempt?.({ id: mail.id, attempt: mail.attempt, outcome: "retry", error });
  };

  const drain = async () => {
    clearTimeout(timer);
    try {
      for (;;) {
        if (stopped) return;
        const mail = await claimDueMail(db, settings.leaseMs);
        if (!mail) break;
        await deliver(mail);
      }
      const nextDueMs = await msUntilNextDue(db);
      schedule(Math.min(nextDueMs ?? settings.pollMs, settings.pollMs));
    } catch (error) {
      if (stopped) return;
      // The storage is down or busy: the rows wait (a claimed one until its lease ends).
      log.warn({ err: error }, "mail: cannot read the outbox, trying again later");
      schedule(settings.pollMs);
    }
  };

  function wake(): void {
    if (stopped) return;
    if (running) {
      wakeAgain = true;
      return;
    }
    running = drain().finally(() => {
      running = undefined;
      if (wakeAgain) {
        wakeAgain = false;
        wake();
      }
    });
  }

  return {
    async start() {
      unlisten = await eventBusOf(database).subscribe({
        types: ["mail.queued"],
        on: wake,
        onResync: wake,
      });
      wake();
    },

    async stop() {
      stopped = true;
      clearTimeout(timer);
      await unlisten?.().catch(() => {});
      const inFlight = running;
      if (!inFlight) return;
      let grace: NodeJS.Timeout | undefined;
      await Promise.race([
        inFlight,
        new Promise((resolve) => {
          grace = setTimeout(resolve, settings.stopGraceMs);
        }),
      ]);
      clearTimeout(grace);
    },
  };
}
