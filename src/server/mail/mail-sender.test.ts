import { EventEmitter } from "node:events";
import { asc, eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type SmtpCatcher, startSmtpCatcher } from "../../../test/harness/smtp-catcher.ts";
import {
  createTestDatabase,
  type TestDatabase,
  testDatabaseKind,
} from "../../../test/harness/test-database.ts";
import { buildApp } from "../app.ts";
import { loadConfig } from "../config.ts";
import { type Database, openPostgres } from "../db/database.ts";
import { mailOutbox } from "../db/schema.ts";
import { queueMail, renderMail } from "./index.ts";
import type { MailAttempt, MailSenderOptions } from "./mail-sender.ts";
import { claimDueMail } from "./outbox.ts";

/**
 * The outbox's sender against a real SMTP server (test/harness/smtp-catcher.ts), on both databases.
 * Mails queued by this file: 32 on PostgreSQL (28 delivered over SMTP, 2 given up, 1 written to
 * the log, 1 left queued) and 12 on PGlite (the 20 of the two-instance test are PostgreSQL's).
 */

let testDb: TestDatabase;
let catcher: SmtpCatcher;
const running: { app: FastifyInstance; database?: Database }[] = [];

beforeAll(async () => {
  testDb = await createTestDatabase();
  catcher = await startSmtpCatcher();
});
afterAll(async () => {
  await catcher?.stop();
  await testDb?.drop();
});
beforeEach(async () => {
  catcher.setMode("accept");
  await catcher.up();
  catcher.clear();
  await testDb.database.db.delete(mailOutbox);
});
afterEach(async () => {
  for (const { app, database } of running.splice(0)) {
    await app.close();
    await database?.close();
  }
});

type MailApp = {
  app: FastifyInstance;
  /** The log lines, parsed. */
  log: () => Record<string, unknown>[];
  waitForAttempt(predicate: (attempt: MailAttempt) => boolean): Promise<MailAttempt>;
};

/** The app with its mail sender, retries after 20 ms, 40 ms, …; SMTP to the catcher unless `env` says otherwise. */
async function startMailApp({
  env = { SMTP_URL: catcher.url },
  database = testDb.database,
  sender = {},
}: {
  env?: Record<string, string>;
  database?: Database;
  sender?: MailSenderOptions;
} = {}): Promise<MailApp> {
  const lines: string[] = [];
  const attempts: MailAttempt[] = [];
  const heard = new EventEmitter().setMaxListeners(0);
  const app = await buildApp({
    config: {
      ...loadConfig({ NODE_ENV: "test", LOG_LEVEL: "info", ...env }),
      webDir: undefined,
    },
    database,
    logStream: { write: (line) => lines.push(line), flush: () => {} },
    mailSender: {
      retryBaseMs: 20,
      ...sender,
      onAttempt: (attempt) => {
        attempts.push(attempt);
        heard.emit("attempt", attempt);
      },
    },
  });
  running.push({ app, ...(database === testDb.database ? {} : { database }) });
  await app.ready();
  return {
    app,
    log: () => lines.map((line) => JSON.parse(line) as Record<string, unknown>),
    waitForAttempt: (predicate) => {
      const already = attempts.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise((resolve) => {
        const onAttempt = (attempt: MailAttempt) => {
          if (!predicate(attempt)) return;
          heard.off("attempt", onAttempt);
          resolve(attempt);
        };
        heard.on("attempt", onAttempt);
      });
    },
  };
}

const message = (to: string, subject: string, url = "http://localhost:3000/verify-email?token=t") =>
  renderMail({
    to,
    subject,
    heading: "Confirm your email address",
    paragraphs: ["Someone (we hope you) signed up with this address."],
    action: { label: "Confirm my address", url },
  });

async function queue(...mails: ReturnType<typeof message>[]): Promise<number[]> {
  const { db } = testDb.database;
  const before = await db.select({ id: mailOutbox.id }).from(mailOutbox);
  await db.transaction(async (tx) => {
    for (const mail of mails) await queueMail(tx, mail);
  });
  const known = new Set(before.map((row) => row.id));
  const after = await db.select({ id: mailOutbox.id }).from(mailOutbox).orderBy(asc(mailOutbox.id));
  return after.map((row) => row.id).filter((id) => !known.has(id));
}

async function row(id: number) {
  const [found] = await testDb.database.db.select().from(mailOutbox).where(eq(mailOutbox.id, id));
  if (!found) throw new Error(`no outbox row ${id}`);
  return found;
}

describe("the mail sender over SMTP", () => {
  it("delivers a queued mail with its from, to, subject and both bodies", async () => {
    const sender = await startMailApp({
      env: { SMTP_URL: catcher.url, MAIL_FROM: "Talents Test <hello@talents.example>" },
    });
    const [id] = await queue(
      message(
        "Ada@Example.test",
        "Confirm your email",
        "http://localhost:3000/verify-email?token=abc",
      ),
    );
    const mail = await catcher.waitForMail((m) => m.to.includes("ada@example.test"));
    expect(mail.from).toBe("hello@talents.example");
    expect(mail.fromName).toBe("Talents Test");
    expect(mail.subject).toBe("Confirm your email");
    expect(mail.text).toContain("Confirm your email address");
    expect(mail.text).toContain("Your Local Talents");
    expect(mail.links).toEqual(["http://localhost:3000/verify-email?token=abc"]);
    expect(mail.html).toContain('href="http://localhost:3000/verify-email?token=abc"');
    expect(mail.html).toContain("Your Local Talents");
    await sender.waitForAttempt((a) => a.id === id && a.outcome === "sent");
    const stored = await row(id as number);
    expect(stored.sentAt).not.toBeNull();
    expect(stored.attempts).toBe(1);
    const sent = sender.log().find((line) => line.msg === "mail sent");
    expect(sent).toMatchObject({ mailId: id, domain: "example.test" });
    expect(JSON.stringify(sent)).not.toContain("Ada@");
  });

  it("retries while the SMTP server is down and delivers once when it is back", async () => {
    await catcher.down();
    const sender = await startMailApp();
    const [id] = await queue(message("grace@example.test", "Down then up"));
    const failed = await sender.waitForAttempt((a) => a.id === id && a.outcome === "retry");
    expect(failed.error).toMatch(/ECONNREFUSED/);
    expect((await row(id as number)).lastError).toMatch(/ECONNREFUSED/);
    await catcher.up();
    const sent = await sender.waitForAttempt((a) => a.id === id && a.outcome === "sent");
    expect(sent.attempt).toBeGreaterThan(1);
    expect((await row(id as number)).attempts).toBe(sent.attempt);
    expect(catcher.messages.filter((m) => m.subject === "Down then up")).toHaveLength(1);
  });

  it("retries after a temporary refusal (4xx)", async () => {
    catcher.setMode("temporary");
    const sender = await startMailApp({ sender: { retryBaseMs: 60_000 } });
    const [id] = await queue(message("linus@example.test", "Greylisted"));
    const refused = await sender.waitForAttempt((a) => a.id === id && a.outcome === "retry");
    expect(refused.error).toMatch(/451/);
    const stored = await row(id as number);
    // Due again one base delay later (60 s here), not before.
    expect(stored.nextAttemptAt.getTime() - Date.now()).toBeGreaterThan(50_000);
    catcher.setMode("accept");
    await testDb.database.db
      .update(mailOutbox)
      .set({ nextAttemptAt: new Date(0) })
      .where(eq(mailOutbox.id, id as number));
    await queue(message("margaret@example.test", "Wakes the sender"));
    await catcher.waitForMail((m) => m.subject === "Greylisted");
    expect(catcher.refusals()).toBe(1);
  });

  it("gives up at once on a permanent refusal (5xx): failed_at set, one error line, no more attempts", async () => {
    catcher.setMode("permanent");
    const sender = await startMailApp();
    const [id] = await queue(message("nobody@gone.example.test", "Bounces"));
    await sender.waitForAttempt((a) => a.id === id && a.outcome === "failed");
    const stored = await row(id as number);
    expect(stored.failedAt).not.toBeNull();
    expect(stored.sentAt).toBeNull();
    expect(stored.attempts).toBe(1);
    expect(stored.lastError).toMatch(/550/);
    const errors = sender.log().filter((line) => line.level === 50);
    expect(errors).toHaveLength(1);
    expect(errors[0]).toMatchObject({ mailId: id, domain: "gone.example.test", attempts: 1 });
    expect(JSON.stringify(errors[0])).not.toContain("nobody@");
    expect(JSON.stringify(errors[0])).not.toContain("Someone (we hope you)");

    // The sender goes on with other mail and never takes the failed one again.
    catcher.setMode("accept");
    await queue(message("ada@example.test", "After the bounce"));
    await catcher.waitForMail((m) => m.subject === "After the bounce");
    expect(catcher.messages.some((m) => m.subject === "Bounces")).toBe(false);
    expect((await row(id as number)).attempts).toBe(1);
    expect(catcher.refusals()).toBe(1);
  });

  it("gives up after maxAttempts temporary failures", async () => {
    catcher.setMode("temporary");
    const sender = await startMailApp({ sender: { retryBaseMs: 5, maxAttempts: 3 } });
    const [id] = await queue(message("hedy@example.test", "Never accepted"));
    const last = await sender.waitForAttempt((a) => a.id === id && a.outcome === "failed");
    expect(last.attempt).toBe(3);
    expect(catcher.refusals()).toBe(3);
    expect((await row(id as number)).failedAt).not.toBeNull();
  });

  it("queues nothing when the transaction rolls back", async () => {
    await startMailApp();
    await expect(
      testDb.database.db.transaction(async (tx) => {
        await queueMail(tx, message("ada@example.test", "Rolled back"));
        tx.rollback();
      }),
    ).rejects.toThrow();
    expect(await testDb.database.db.select().from(mailOutbox)).toHaveLength(0);
    await queue(message("ada@example.test", "Committed"));
    await catcher.waitForMail((m) => m.subject === "Committed");
    expect(catcher.messages.map((m) => m.subject)).toEqual(["Committed"]);
  });

  it("sends what was queued while no sender ran, and a row whose sender died once its lease ends", async () => {
    const [orphan] = await queue(message("grace@example.test", "Claimed by a dead sender"));
    // A sender claims it (lease 300 ms) and dies before sending it.
    expect((await claimDueMail(testDb.database.db, 300))?.id).toBe(orphan);
    const [waiting] = await queue(message("ada@example.test", "Queued before start"));
    const sender = await startMailApp();
    await sender.waitForAttempt((a) => a.id === waiting && a.outcome === "sent");
    const recovered = await sender.waitForAttempt((a) => a.id === orphan && a.outcome === "sent");
    expect(recovered.attempt).toBe(2);
    expect(catcher.messages.filter((m) => m.subject === "Claimed by a dead sender")).toHaveLength(
      1,
    );
  });

  it.skipIf(testDatabaseKind !== "postgres")(
    "two instances on one database send each of 20 mails exactly once",
    async () => {
      const other = await openPostgres(testDb.url as string, 3);
      const one = await startMailApp();
      const two = await startMailApp({ database: other });
      const subjects = Array.from({ length: 20 }, (_, i) => `Batch ${i}`);
      const ids = await queue(...subjects.map((s, i) => message(`user${i}@example.test`, s)));
      const sentBy = await Promise.all(
        ids.map((id) =>
          Promise.race([
            one.waitForAttempt((a) => a.id === id && a.outcome === "sent").then(() => "one"),
            two.waitForAttempt((a) => a.id === id && a.outcome === "sent").then(() => "two"),
          ]),
        ),
      );
      expect(sentBy).toHaveLength(20);
      // Both took part (the notification wakes both; they take turns at the rows).
      expect(new Set(sentBy)).toEqual(new Set(["one", "two"]));
      const caught = catcher.messages.map((m) => m.subject).sort();
      expect(caught).toEqual([...subjects].sort());
      const rows = await testDb.database.db.select().from(mailOutbox);
      expect(rows.every((r) => r.sentAt !== null && r.attempts === 1)).toBe(true);
    },
  );
});

describe("without SMTP_URL", () => {
  it("in development writes each mail to the log with its links, and says so at start", async () => {
    const sender = await startMailApp({ env: { NODE_ENV: "development" } });
    const link = "http://localhost:3000/reset-password?token=dev-token";
    const [id] = await queue(message("ada@example.test", "Reset your password", link));
    await sender.waitForAttempt((a) => a.id === id && a.outcome === "sent");
    const log = sender.log();
    expect(
      log.some(
        (l) =>
          l.msg ===
          "mail: no SMTP_URL, messages are written to this log (DEV_MAIL_VIEWER=true, as npm run dev sets, also lists them at /dev/mail)",
      ),
    ).toBe(true);
    expect(log.find((l) => String(l.msg).startsWith("mail (no SMTP_URL"))).toMatchObject({
      mail: { to: "ada@example.test", subject: "Reset your password", links: [link] },
    });
    expect(catcher.messages).toHaveLength(0);
    const status = await sender.app.inject({ method: "GET", url: "/api/auth/mail-status" });
    expect(status.json()).toEqual({ available: true });
  });

  it("in production says so in one warning line, answers available: false and sends nothing", async () => {
    const sender = await startMailApp({
      env: { NODE_ENV: "production", PUBLIC_ORIGIN: "https://talents.example" },
    });
    const warnings = sender.log().filter((l) => l.level === 40);
    expect(warnings).toHaveLength(1);
    expect(warnings[0]?.msg).toMatch(/^mail: no SMTP_URL, so no mail is sent/);
    const status = await sender.app.inject({ method: "GET", url: "/api/auth/mail-status" });
    expect(status.statusCode).toBe(200);
    expect(status.json()).toEqual({ available: false });
    const [id] = await queue(message("ada@example.test", "Stays queued"));
    await sender.app.inject({ method: "GET", url: "/api/health" });
    expect((await row(id as number)).attempts).toBe(0);
  });

  it("with SMTP_URL, mail-status answers available: true in production", async () => {
    const sender = await startMailApp({
      env: {
        NODE_ENV: "production",
        PUBLIC_ORIGIN: "https://talents.example",
        SMTP_URL: catcher.url,
      },
    });
    const status = await sender.app.inject({ method: "GET", url: "/api/auth/mail-status" });
    expect(status.json()).toEqual({ available: true });
    expect(
      sender.log().some((l) => l.msg === `mail: sent through SMTP at 127.0.0.1:${catcher.port}`),
    ).toBe(true);
  });
});
