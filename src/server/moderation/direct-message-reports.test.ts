import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestUser } from "../../../test/harness/factories.ts";
import { isTarget, moderationFixture } from "../../../test/harness/moderators.ts";
import { directMessages, moderationLog, reports } from "../db/schema.ts";

const m = moderationFixture();
const { db } = m;

/** Two members in a conversation `sender` started and `recipient` replied to. */
async function conversationPair() {
  const sender = await m.member();
  const recipient = await m.member();
  const conversationId = await m.conversation(sender, recipient);
  return { sender, recipient, conversationId };
}

const reportDm = (reporter: TestUser | undefined, id: number, note?: string) =>
  m.report(reporter, { type: "direct-message", id }, "harassment", note);

const dmHiddenAt = (id: number) => m.hiddenAt("direct-message", id);

const reportStatuses = async (id: number) =>
  (
    await db()
      .select({ status: reports.status })
      .from(reports)
      .where(and(eq(reports.targetType, "direct-message"), eq(reports.targetId, String(id))))
      .orderBy(reports.id)
  ).map((row) => row.status);

const queueItem = async (moderator: TestUser, id: number) =>
  (await m.queue(moderator)).find(isTarget({ type: "direct-message", id }));

const hiddenItem = async (moderator: TestUser, id: number) =>
  (await m.hidden(moderator)).find(isTarget({ type: "direct-message", id }));

const act = (moderator: TestUser, id: number, action: "dismiss" | "hide" | "restore") =>
  m.call(moderator, {
    method: "POST",
    url: `/items/direct-message/${id}/${action}`,
    payload: { reason: "Threats" },
  });

describe("reporting a direct message", () => {
  it("takes the recipient's report, open, naming the sender", async () => {
    const { sender, recipient, conversationId } = await conversationPair();
    const messageId = await m.directMessage(conversationId, sender);

    const res = await reportDm(recipient, messageId, "Keeps asking");
    expect(res.statusCode, res.body).toBe(201);
    const stored = await db()
      .select({
        reporterId: reports.reporterId,
        subjectUserId: reports.subjectUserId,
        note: reports.note,
        status: reports.status,
      })
      .from(reports)
      .where(
        and(eq(reports.targetType, "direct-message"), eq(reports.targetId, String(messageId))),
      );
    expect(stored).toEqual([
      {
        reporterId: recipient.userId,
        subjectUserId: sender.userId,
        note: "Keeps asking",
        status: "open",
      },
    ]);
    // One open report per reporter and item, as for everything else.
    expect((await reportDm(recipient, messageId)).json().error.code).toBe("already-reported");
  });

  it("refuses the sender's report of their own message with 403", async () => {
    const { sender, conversationId } = await conversationPair();
    const messageId = await m.directMessage(conversationId, sender);
    const res = await reportDm(sender, messageId);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toEqual({
      code: "forbidden",
      message: "You can't report what you wrote.",
    });
    expect(await reportStatuses(messageId)).toEqual([]);
  });

  it("answers 404, as for no message at all, to non-participants, and for withheld or hidden messages", async () => {
    const { sender, recipient, conversationId } = await conversationPair();
    const outsider = await m.member();
    const moderator = await m.moderator();
    const messageId = await m.directMessage(conversationId, sender);
    const withheld = await m.directMessage(conversationId, sender, "Hello?", {
      withheld: true,
    });
    const hidden = await m.directMessage(conversationId, sender, "You again");
    await m.setHiddenAt("direct-message", hidden, new Date());

    const missing = await reportDm(recipient, 999_999_999);
    expect(missing.statusCode).toBe(404);
    for (const [reporter, id] of [
      [outsider, messageId],
      // A moderator outside the conversation reads it only through a report.
      [moderator, messageId],
      // The recipient never had a withheld message.
      [recipient, withheld],
      [recipient, hidden],
    ] as const) {
      const res = await reportDm(reporter, id);
      expect(res.statusCode, `${reporter.username} ${id}`).toBe(404);
      expect(res.json()).toEqual(missing.json());
    }
    for (const id of [messageId, withheld, hidden]) expect(await reportStatuses(id)).toEqual([]);
    // The sender of a withheld message is still told it is their own.
    expect((await reportDm(sender, withheld)).statusCode).toBe(403);
  });
});

describe("a reported direct message in the moderators' queue", () => {
  it("shows who it went to, its text, the sender, and up to 5 earlier messages, oldest first", async () => {
    const moderator = await m.moderator();
    const { sender, recipient, conversationId } = await conversationPair();
    const elsewhere = await m.conversation(sender, await m.member());
    const said = async (by: TestUser, text: string, withheld = false) =>
      m.directMessage(conversationId, by, text, { withheld });
    await said(sender, "Hi, is the bike still for sale?");
    await said(recipient, "Yes");
    await said(sender, "Can you do 50?");
    // Another conversation's messages, in between, are not this one's context.
    await m.directMessage(elsewhere, sender, "Same bike question");
    await said(recipient, "No, 80");
    await said(sender, "Withheld: never shown to the recipient", true);
    await said(sender, "Come on");
    await said(recipient, "No");
    const reported = await said(sender, "I know where you live");
    await said(recipient, "Reported.");

    expect((await reportDm(recipient, reported, "A threat")).statusCode).toBe(201);
    const item = await queueItem(moderator, reported);
    expect(item).toEqual({
      target: { type: "direct-message", id: String(reported) },
      author: { username: sender.username, suspended_until: null },
      title: `Direct message to @${recipient.username}`,
      text: "I know where you live",
      path: "/chatapp",
      created_at: expect.any(String),
      hidden: false,
      context: [
        { sender: recipient.username, text: "Yes" },
        { sender: sender.username, text: "Can you do 50?" },
        { sender: recipient.username, text: "No, 80" },
        { sender: sender.username, text: "Come on" },
        { sender: recipient.username, text: "No" },
      ],
      report_count: 1,
      reasons: [{ reason: "harassment", count: 1 }],
      notes: ["A threat"],
      first_reported_at: expect.any(String),
    });
  });

  it("has an empty context for a conversation's first message", async () => {
    const moderator = await m.moderator();
    const { sender, recipient, conversationId } = await conversationPair();
    const first = await m.directMessage(conversationId, sender, "Nice photos, DM me");
    expect((await reportDm(recipient, first)).statusCode).toBe(201);
    expect((await queueItem(moderator, first))?.context).toEqual([]);
  });
});

describe("moderating a direct message", () => {
  it("hides it (reports actioned, logged), lists it as hidden with its context, restores it", async () => {
    const moderator = await m.moderator();
    const { sender, recipient, conversationId } = await conversationPair();
    await m.directMessage(conversationId, recipient, "What do you want?");
    const messageId = await m.directMessage(conversationId, sender, "Pay me or else");
    expect((await reportDm(recipient, messageId)).statusCode).toBe(201);

    const hidden = await act(moderator, messageId, "hide");
    expect(hidden.statusCode, hidden.body).toBe(200);
    expect(hidden.json().item).toMatchObject({
      target: { type: "direct-message", id: String(messageId) },
      author: { username: sender.username },
      hidden: true,
    });
    expect(await dmHiddenAt(messageId)).toBeInstanceOf(Date);
    expect(await reportStatuses(messageId)).toEqual(["actioned"]);
    expect(await queueItem(moderator, messageId)).toBeUndefined();
    expect(await hiddenItem(moderator, messageId)).toMatchObject({
      title: `Direct message to @${recipient.username}`,
      text: "Pay me or else",
      hidden: true,
      context: [{ sender: recipient.username, text: "What do you want?" }],
    });

    const restored = await act(moderator, messageId, "restore");
    expect(restored.statusCode).toBe(200);
    expect(restored.json().item.hidden).toBe(false);
    expect(await dmHiddenAt(messageId)).toBeNull();
    expect(await hiddenItem(moderator, messageId)).toBeUndefined();

    const log = await db()
      .select({
        action: moderationLog.action,
        moderatorId: moderationLog.moderatorId,
        subjectUserId: moderationLog.subjectUserId,
      })
      .from(moderationLog)
      .where(
        and(
          eq(moderationLog.targetType, "direct-message"),
          eq(moderationLog.targetId, String(messageId)),
        ),
      )
      .orderBy(moderationLog.id);
    expect(log).toEqual([
      { action: "hide", moderatorId: moderator.userId, subjectUserId: sender.userId },
      { action: "restore", moderatorId: moderator.userId, subjectUserId: sender.userId },
    ]);
  });

  it("dismisses its reports, leaving it as it was", async () => {
    const moderator = await m.moderator();
    const { sender, recipient, conversationId } = await conversationPair();
    const messageId = await m.directMessage(conversationId, sender, "Fancy a coffee?");
    expect((await reportDm(recipient, messageId)).statusCode).toBe(201);
    const res = await act(moderator, messageId, "dismiss");
    expect(res.statusCode).toBe(200);
    expect(await reportStatuses(messageId)).toEqual(["dismissed"]);
    expect(await dmHiddenAt(messageId)).toBeNull();
  });

  it("answers 404 for a direct message that does not exist", async () => {
    const moderator = await m.moderator();
    const res = await act(moderator, 999_999_999, "hide");
    expect(res.statusCode).toBe(404);
  });

  it("hides a suspended member's direct messages with everything they wrote, not the other's", async () => {
    const moderator = await m.moderator();
    const { sender, recipient, conversationId } = await conversationPair();
    const theirs = [
      await m.directMessage(conversationId, sender, "One"),
      await m.directMessage(conversationId, sender, "Two"),
    ];
    const reply = await m.directMessage(conversationId, recipient, "Stop");
    expect((await reportDm(recipient, theirs[1] ?? 0)).statusCode).toBe(201);

    const res = await m.call(moderator, {
      method: "POST",
      url: `/members/${sender.username}/suspend`,
      payload: { duration: "week", hide_content: true },
    });
    expect(res.statusCode, res.body).toBe(200);
    const rows = await db()
      .select({
        id: directMessages.id,
        hidden: sql<boolean>`${directMessages.hiddenAt} is not null`,
      })
      .from(directMessages)
      .where(inArray(directMessages.id, [...theirs, reply]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.hidden]))).toEqual({
      [theirs[0] ?? 0]: true,
      [theirs[1] ?? 0]: true,
      [reply]: false,
    });
    expect(await reportStatuses(theirs[1] ?? 0)).toEqual(["actioned"]);
  });
});

describe("the reports threshold on direct messages", () => {
  describe("at a threshold of one report", () => {
    const strict = moderationFixture({
      moderation: { adminEmails: [], autoHideThreshold: 1 },
    });

    it("hides a direct message its recipient reported once the threshold is one report", async () => {
      // Only the recipient may report a direct message: one reporter is all there can be.
      const sender = await strict.member();
      const recipient = await strict.establishedMember();
      const conversationId = await strict.conversation(sender, recipient);
      const messageId = await strict.directMessage(conversationId, sender);
      const res = await strict.report(recipient, { type: "direct-message", id: messageId });
      expect(res.statusCode, res.body).toBe(201);
      expect(await strict.hiddenAt("direct-message", messageId)).toBeInstanceOf(Date);
      const lines = await strict
        .db()
        .select({ moderatorId: moderationLog.moderatorId, reason: moderationLog.reason })
        .from(moderationLog)
        .where(
          and(
            eq(moderationLog.action, "auto-hide"),
            eq(moderationLog.targetType, "direct-message"),
            eq(moderationLog.targetId, String(messageId)),
          ),
        );
      expect(lines).toEqual([{ moderatorId: null, reason: "Reported by 1 members" }]);
    });
  });

  it("does not hide on one report under the usual threshold of 3", async () => {
    const sender = await m.member();
    const recipient = await m.establishedMember();
    const conversationId = await m.conversation(sender, recipient);
    const messageId = await m.directMessage(conversationId, sender);
    expect((await reportDm(recipient, messageId)).statusCode).toBe(201);
    expect(await dmHiddenAt(messageId)).toBeNull();
  });
});
