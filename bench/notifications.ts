/**
 * Notifications' fan-out (issue 30), in-process on each database: how many notifications the write
 * path makes per minute, and how long the mail job takes for many recipients at once.
 *
 *   npx node bench/notifications.ts [--notifications 10000] [--senders 50] [--recipients 50] [--sends 2000]
 *     [--concurrency 16] [--due 1000] [--databases pglite,postgres] [--postgres-url …]
 *
 * - **notifications**: `--notifications` entries written as the event handlers write them, each in
 *   a transaction of its own, `--concurrency` at a time: notifications per minute, against the
 *   issue's 10,000 per minute.
 * - **write path**: `--sends` direct messages over HTTP (`app.inject`, write limits lifted), from
 *   `--senders` members to `--recipients` members round-robin, `--concurrency` at a time. Each is one
 *   transaction that stores the message and, in an event handler inside it, its recipient's
 *   notification (new, or the unread conversation's entry grown): messages per second and the
 *   notifications per minute that makes, against the issue's 10,000 per minute.
 * - **mail job**: `--due` members each with one notification unread past the delay (a controllable
 *   clock), then one run of the mail job: the time to decide and queue `--due` mails in the outbox
 *   (one transaction per member, SKIP LOCKED), and mails per second.
 * - **digest**: `--due` members opted in to the weekly digest, in one town with one skill, and 20
 *   posts of the week near them about it: the time of one run of the digest job.
 */

import { sql } from "drizzle-orm";
import { buildApp } from "../src/server/app.ts";
import { loadConfig } from "../src/server/config.ts";
import type { Database } from "../src/server/db/database.ts";
import { mailOutbox } from "../src/server/db/schema.ts";
import { liftedWriteLimitEnv } from "../src/server/limits/write-limit-rules.ts";
import { addNotification } from "../src/server/notifications/notifications-repository.ts";
import { controllableClock } from "../src/server/schedule/index.ts";
import { write } from "../src/server/write/index.ts";
import { createSignedInUser, type TestUser } from "../test/harness/factories.ts";
import { setProfileArea, TOWNS } from "../test/harness/search-fixtures.ts";
import { benchArgs, runMain } from "./bench-kit.ts";
import { loadAverage, machineLine, percentile, printTable } from "./report.ts";
import { DATABASE_ARGS, databasesOf, scratchStorage } from "./storage.ts";

const args = benchArgs({
  senders: 50,
  recipients: 50,
  sends: 2000,
  concurrency: 16,
  due: 1000,
  notifications: 10000,
  ...DATABASE_ARGS,
});

async function members(
  database: Database,
  count: number,
  options: { skills?: string[] } = {},
): Promise<TestUser[]> {
  const made: TestUser[] = [];
  for (let i = 0; i < count; i += 25) {
    const batch = Array.from({ length: Math.min(25, count - i) }, () =>
      createSignedInUser(database.db, options),
    );
    made.push(...(await Promise.all(batch)));
  }
  return made;
}

async function appOn(database: Database, clock = controllableClock()) {
  const config = {
    ...loadConfig({
      // The members' cookies are the test harness's (no __Host- prefix, as outside production).
      NODE_ENV: "test",
      LOG_LEVEL: "silent",
      ...liftedWriteLimitEnv(),
    }),
    webDir: undefined,
  };
  const app = await buildApp({ config, database, logger: false, clock });
  await app.ready();
  return { app, clock };
}

/** Direct messages as fast as `concurrency` clients get answers; each makes a notification. */
async function writePath(database: Database) {
  const { app } = await appOn(database);
  const senders = await members(database, args.senders);
  const recipients = await members(database, args.recipients);
  const latencies: number[] = [];
  let next = 0;
  let failed = 0;
  const client = async () => {
    for (let i = next++; i < args.sends; i = next++) {
      const sender = senders[i % senders.length] as TestUser;
      const recipient = recipients[
        (i + Math.floor(i / senders.length)) % recipients.length
      ] as TestUser;
      const started = performance.now();
      const res = await app.inject({
        method: "POST",
        url: `/api/conversations/with/${recipient.username}/messages`,
        headers: { cookie: sender.cookie },
        payload: { text: `bench ${i}`, clientId: `bench-${i}` },
      });
      latencies.push(performance.now() - started);
      if (res.statusCode !== 201) {
        if (failed === 0) console.error(`first failure: ${res.statusCode} ${res.body}`);
        failed += 1;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: args.concurrency }, client));
  const seconds = (performance.now() - started) / 1000;
  await app.close();
  latencies.sort((a, b) => a - b);
  const perSecond = (args.sends - failed) / seconds;
  return {
    perSecond,
    perMinute: perSecond * 60,
    p50: percentile(latencies, 50),
    p99: percentile(latencies, 99),
    failed,
  };
}

/**
 * `--notifications` entries written as the handlers write them (one `write()` each, its own
 * transaction: the entry, its live announcement), `--concurrency` at a time, over `--recipients`
 * members and one group per entry: the notification path alone, without the message around it.
 */
async function notificationWrites(database: Database) {
  const { app } = await appOn(database);
  const recipients = await members(database, args.recipients);
  let next = 0;
  const writer = async () => {
    for (let i = next++; i < args.notifications; i = next++) {
      const recipient = recipients[i % recipients.length] as TestUser;
      await write(database.db, (tx) =>
        addNotification(tx, {
          recipientId: recipient.userId,
          kind: "message",
          groupKey: `bench:${i}`,
        }),
      );
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: args.concurrency }, writer));
  const seconds = (performance.now() - started) / 1000;
  await app.close();
  return { perMinute: (args.notifications / seconds) * 60 };
}

/** `due` members with one unread notification each, past the delay; one run of the mail job. */
async function mailJob(database: Database) {
  const { app, clock } = await appOn(database);
  const recipients = await members(database, args.due);
  const senders = await members(database, Math.ceil(args.due / 20));
  for (let i = 0; i < recipients.length; i += args.concurrency) {
    await Promise.all(
      recipients.slice(i, i + args.concurrency).map((recipient, j) => {
        const sender = senders[(i + j) % senders.length] as TestUser;
        return app
          .inject({
            method: "POST",
            url: `/api/conversations/with/${recipient.username}/messages`,
            headers: { cookie: sender.cookie },
            payload: { text: "Hello", clientId: `due-${i + j}` },
          })
          .then((res) => {
            if (res.statusCode !== 201)
              throw new Error(`a due message: ${res.statusCode} ${res.body}`);
          });
      }),
    );
  }
  clock.set(new Date(Date.now() + 2 * app.config.notifications.mailDelaySeconds * 1000));
  const started = performance.now();
  let queued = 0;
  // The job takes at most a few hundred members a run; it runs again until none is due.
  for (
    let run = await app.notifications.mailDue();
    run > 0;
    run = await app.notifications.mailDue()
  ) {
    queued += run;
  }
  const seconds = (performance.now() - started) / 1000;
  await app.close();
  return { queued, seconds, perSecond: queued / seconds };
}

/**
 * `--due` members in one town with one skill, the weekly digest on, and a week of posts near them
 * about that skill: one run of the digest job (each member's digest read, decided and queued).
 */
async function digestJob(database: Database) {
  const { app } = await appOn(database);
  const readers = await members(database, args.due, { skills: ["Plumbing"] });
  for (const reader of readers)
    await setProfileArea(database.db, reader.profile?.id ?? "", TOWNS.cambridge);
  const settings = [{ topic: "digest", channel: "mail", enabled: true }];
  for (let i = 0; i < readers.length; i += args.concurrency) {
    await Promise.all(
      readers.slice(i, i + args.concurrency).map((reader) =>
        app.inject({
          method: "PUT",
          url: "/api/notifications/settings",
          headers: { cookie: reader.cookie },
          payload: { settings },
        }),
      ),
    );
  }
  const [author] = await members(database, 1);
  for (let i = 0; i < 20; i++) {
    await app.inject({
      method: "POST",
      url: "/api/articles",
      headers: { cookie: author?.cookie ?? "" },
      payload: {
        title: `Plumbing job ${i}`,
        body: "Details on request.",
        topic: "Home",
        area_id: TOWNS.histon,
      },
    });
  }
  const started = performance.now();
  await app.notifications.sendDigests();
  const seconds = (performance.now() - started) / 1000;
  const [row] = await database.db.select({ sent: sql<number>`count(*)::int` }).from(mailOutbox);
  await app.close();
  return { sent: Number(row?.sent ?? 0), seconds };
}

await runMain(async () => {
  console.log(machineLine());
  const rows: (string | number)[][] = [];
  await databasesOf(args).forEach(async (kind, label) => {
    const entries = await scratchStorage(kind, args["postgres-url"]);
    const notified = await entries.use(notificationWrites);
    const writes = await scratchStorage(kind, args["postgres-url"]);
    const written = await writes.use(writePath);
    const mails = await scratchStorage(kind, args["postgres-url"]);
    const mailed = await mails.use(mailJob);
    const digests = await scratchStorage(kind, args["postgres-url"]);
    const digested = await digests.use(digestJob);
    rows.push([
      label,
      `${Math.round(notified.perMinute).toLocaleString("en")}/min`,
      `${written.perSecond.toFixed(0)} msg/s → ${Math.round(written.perMinute).toLocaleString("en")} notifications/min`,
      `${written.p50.toFixed(1)} / ${written.p99.toFixed(1)} ms`,
      written.failed,
      `${mailed.queued} mails in ${mailed.seconds.toFixed(2)} s (${mailed.perSecond.toFixed(0)}/s)`,
      `${digested.sent} digests in ${digested.seconds.toFixed(1)} s`,
      loadAverage(),
    ]);
  });
  printTable(
    [
      "database",
      `${args.notifications} notifications written`,
      "write path (each message one notification)",
      "p50 / p99",
      "failed",
      "mail job",
      "digest job",
      "load",
    ],
    rows,
  );
});
