import { inArray, isNull } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { type SmtpCatcher, startSmtpCatcher } from "../../../test/harness/smtp-catcher.ts";
import { twoInstances } from "../../../test/harness/two-instances.ts";
import { mailOutbox, notificationMails } from "../db/schema.ts";
import { controllableClock } from "../schedule/index.ts";

/**
 * Issue 30: two instances run the mail job at the same moment while the SMTP server refuses for a
 * while, then accepts: each notification is mailed exactly once (the job claims entries with SKIP
 * LOCKED and queues the mail in the same transaction; the outbox sends each row once).
 */

let catcher: SmtpCatcher;
beforeAll(async () => {
  catcher = await startSmtpCatcher();
  catcher.setMode("temporary");
});
afterAll(() => catcher?.stop());
const clock = controllableClock();
const instances = twoInstances({
  clock,
  mailSender: { retryBaseMs: 20, maxRetryDelayMs: 100, pollMs: 50 },
  config: (defaults) => ({
    ...defaults,
    mail: { smtpUrl: catcher.url, from: "Your Local Talents <no-reply@talents.example>" },
    notifications: { mailDelaySeconds: 600, mailDailyCap: 10 },
  }),
});

const RECIPIENTS = 12;

describe("two instances mailing at once", () => {
  it("mail every due notification once, through refusals", async () => {
    const [one, two] = instances.apps as [FastifyInstance, FastifyInstance];
    const { db } = instances.storage.database;
    clock.set(new Date());
    const recipients: TestUser[] = [];
    for (let i = 0; i < RECIPIENTS; i++) recipients.push(await createSignedInUser(one));
    for (const [i, recipient] of recipients.entries()) {
      // A sender each: a new account may start only a few conversations a day.
      const sender = await createSignedInUser(one);
      const res = await (i % 2 ? two : one).inject({
        method: "POST",
        url: `/api/conversations/with/${recipient.username}/messages`,
        headers: { cookie: sender.cookie },
        payload: { text: "Are you free on Saturday?", clientId: `twice-${i}` },
      });
      expect(res.statusCode, res.body).toBe(201);
    }
    clock.set(new Date(Date.now() + 601_000));
    // Both instances' jobs, three rounds each, all at once.
    await Promise.all(
      [one, two].flatMap((app) => [1, 2, 3].map(() => app.notifications.mailDue())),
    );

    const addresses = recipients.map((recipient) => recipient.email);
    const queued = await db
      .select({ to: mailOutbox.toAddress })
      .from(mailOutbox)
      .where(inArray(mailOutbox.toAddress, addresses));
    expect(queued.map((row) => row.to).sort()).toEqual([...addresses].sort());
    const logged = await db.select().from(notificationMails);
    expect(logged).toHaveLength(RECIPIENTS);

    await vi.waitFor(() => expect(catcher.refusals()).toBeGreaterThan(0), { timeout: 10_000 });
    catcher.setMode("accept");
    for (const address of addresses)
      await catcher.waitForMail((m) => m.to.includes(address), 15_000);
    await vi.waitFor(
      async () => {
        const unsent = await db
          .select({ id: mailOutbox.id })
          .from(mailOutbox)
          .where(isNull(mailOutbox.sentAt));
        expect(unsent).toEqual([]);
      },
      { timeout: 10_000 },
    );
    for (const address of addresses) {
      expect(catcher.messages.filter((m) => m.to.includes(address))).toHaveLength(1);
    }
  });
});
