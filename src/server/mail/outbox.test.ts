import { asc, eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKind,
} from "../../../test/harness/test-database.ts";
import { mailOutbox } from "../db/schema.ts";
import { retryDelayMs } from "./mail-sender.ts";
import { claimDueMail, markSent, queueMail, scheduleRetry } from "./outbox.ts";

/** The outbox's claim: what makes N senders send each row once. Mails queued here (none sent): 5 on PostgreSQL, 3 on PGlite. */

let testDb: TestDatabase;
beforeAll(async () => {
  testDb = await createTestDatabase();
});
afterAll(async () => {
  await testDb?.drop();
});
beforeEach(async () => {
  await testDb.database.db.delete(mailOutbox);
});

const mail = (subject: string) => ({
  to: "ada@example.test",
  subject,
  text: "t",
  html: "<p>t</p>",
});

async function queued(...subjects: string[]): Promise<number[]> {
  const { db } = testDb.database;
  await db.transaction(async (tx) => {
    for (const subject of subjects) await queueMail(tx, mail(subject));
  });
  const rows = await db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(asc(mailOutbox.id));
  return rows.map((row) => row.id);
}

describe("claiming a due mail", () => {
  it("takes the oldest due row, counts the attempt, and leaves it alone until the lease ends", async () => {
    const { db } = testDb.database;
    const [first, second] = await queued("first", "second");
    const claimed = await claimDueMail(db, 60_000);
    expect(claimed).toMatchObject({ id: first, subject: "first", attempt: 1 });
    expect((await claimDueMail(db, 60_000))?.id).toBe(second);
    expect(await claimDueMail(db, 60_000)).toBeUndefined();
    // The lease ends (as when its sender died): due again, as a second attempt.
    await db
      .update(mailOutbox)
      .set({ nextAttemptAt: sql`now() - interval '1 second'` })
      .where(eq(mailOutbox.id, first as number));
    expect(await claimDueMail(db, 60_000)).toMatchObject({ id: first, attempt: 2 });
  });

  it("a late sender's outcome does not override the sender that holds the row now", async () => {
    const { db } = testDb.database;
    const [id] = await queued("late");
    const stale = await claimDueMail(db, 0);
    const current = await claimDueMail(db, 60_000);
    expect(current?.id).toBe(id);
    if (!stale || !current) throw new Error("not claimed");
    await scheduleRetry(db, stale, "stale failure", 0);
    const [held] = await db
      .select()
      .from(mailOutbox)
      .where(eq(mailOutbox.id, id as number));
    expect(held?.lastError).toBeNull();
    expect(held?.nextAttemptAt.getTime()).toBeGreaterThan(Date.now() + 50_000);
    // A delivery is final whoever holds the row.
    await markSent(db, stale);
    expect(await claimDueMail(db, 0)).toBeUndefined();
  });

  it.skipIf(testDatabaseKind !== "postgres")(
    "skips a row another sender's transaction holds instead of waiting for it",
    async () => {
      const { db } = testDb.database;
      const [locked, free] = await queued("locked", "free");
      await db.transaction(async (tx) => {
        await tx.execute(sql`select id from mail_outbox where id = ${locked} for update`);
        // Another connection of the pool, as another instance would be.
        expect((await claimDueMail(db, 60_000))?.id).toBe(free);
        expect(await claimDueMail(db, 60_000)).toBeUndefined();
      });
      expect((await claimDueMail(db, 60_000))?.id).toBe(locked);
    },
  );
});

describe("the retry schedule", () => {
  it("doubles from the base and stops growing at the cap", () => {
    const settings = { retryBaseMs: 30_000, maxRetryDelayMs: 3_600_000 };
    const waits = Array.from({ length: 10 }, (_, i) => retryDelayMs(i + 1, settings) / 1000);
    expect(waits).toEqual([30, 60, 120, 240, 480, 960, 1920, 3600, 3600, 3600]);
  });
});
