import { inArray } from "drizzle-orm";
import { afterEach, describe, expect, it } from "vitest";
import { directMessages, notificationMails } from "../../src/server/db/schema.ts";
import { createSignedInUser, type TestUser } from "../harness/factories.ts";
import { withStorage } from "../harness/server-storage.ts";
import { startSmtpCatcher } from "../harness/smtp-catcher.ts";
import { testDatabaseKind } from "../harness/test-database.ts";
import { freshStorage, sendAndKill, startOn } from "./server-client.ts";

/**
 * Issue 30: a notification is written in the transaction of the message it is about, so the
 * process that wrote it may die with SIGKILL right after its commit and the notification is still
 * mailed, once, by the other instance's mail job. Two processes share PostgreSQL; the embedded
 * database is one process only: skipped.
 */
const cleanups: (() => Promise<unknown>)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

const PAIRS = 10;

describe.skipIf(testDatabaseKind !== "postgres")(
  "notification mail when the writer is killed",
  () => {
    it("mails every committed message's notification exactly once from the other instance", async () => {
      const catcher = await startSmtpCatcher();
      cleanups.push(() => catcher.stop());
      const storage = await freshStorage(cleanups);
      const pairs = await withStorage(storage, async ({ db }) => {
        const made: { sender: TestUser; recipient: TestUser }[] = [];
        for (let i = 0; i < PAIRS; i++) {
          made.push({
            sender: await createSignedInUser(db),
            recipient: await createSignedInUser(db),
          });
        }
        return made;
      });
      const env = { SMTP_URL: catcher.url, NOTIFICATION_MAIL_DELAY_SECONDS: "1" };
      const [writer] = await Promise.all([
        startOn(storage, cleanups, env),
        startOn(storage, cleanups, env),
      ]);

      const statuses = await sendAndKill(
        writer,
        pairs.map(({ sender, recipient }, i) => ({
          cookie: sender.cookie,
          to: recipient.username,
          text: `sent before the kill ${i}`,
          clientId: `mail-kill-${i}`,
        })),
      );
      const answered = statuses.filter((status) => status === 201).length;
      expect(answered).toBeGreaterThan(0);

      const committed = await withStorage(storage, ({ db }) =>
        db
          .select({ senderId: directMessages.senderId })
          .from(directMessages)
          .where(
            inArray(
              directMessages.senderId,
              pairs.map(({ sender }) => sender.userId),
            ),
          ),
      );
      expect(committed.length).toBeGreaterThanOrEqual(answered);
      const mailedTo = pairs
        .filter(({ sender }) => committed.some((row) => row.senderId === sender.userId))
        .map(({ recipient }) => recipient.email);
      for (const address of mailedTo) {
        await catcher.waitForMail((mail) => mail.to.includes(address), 20_000);
      }
      const logged = await withStorage(storage, ({ db }) => db.select().from(notificationMails));
      expect(logged).toHaveLength(mailedTo.length);
      for (const address of mailedTo) {
        expect(catcher.messages.filter((mail) => mail.to.includes(address))).toHaveLength(1);
      }
    }, 120_000);
  },
);
