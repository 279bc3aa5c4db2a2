import { randomBytes } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { TestUser } from "../../../test/harness/factories.ts";
import { moderationFixture } from "../../../test/harness/moderators.ts";
import { REPORT_TARGET_TYPES, type ReportTargetType } from "../../shared/moderation.ts";
import { moderationLog, profiles } from "../db/schema.ts";
import { ITEM_ACTIONS, type ItemAction } from "./item-actions.ts";
import { findItem } from "./moderated-items.ts";

/**
 * Issue 28, item 5: a moderator reads and acts on an item only while it is in the queue (an open
 * report) or hidden. Any other id answers the 404 of an id that names nothing — whatever it holds,
 * a private message above all — and nothing changes. Every kind, every action.
 */

const m = moderationFixture();
const { t, db } = m;

/** An item of one kind: its wire id, who may report it, and texts a moderator would read with it. */
type Made = { id: string; reporter: TestUser; secrets: string[] };

const secretText = () => `secret ${randomBytes(6).toString("hex")}`;

const MAKE: Record<ReportTargetType, () => Promise<Made>> = {
  async post() {
    const secret = secretText();
    const id = await m.post(await m.member(), secret);
    return { id: String(id), reporter: await m.member(), secrets: [secret] };
  },
  async review() {
    const [author, subject] = [await m.member(), await m.member()];
    const id = await m.review(author, subject);
    return { id: String(id), reporter: subject, secrets: ["Took the money and vanished."] };
  },
  async "review-reply"() {
    const [author, subject] = [await m.member(), await m.member()];
    const id = await m.review(author, subject);
    const secret = secretText();
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/reviews/${id}/reply`,
      headers: { cookie: subject.cookie },
      payload: { body: secret },
    });
    expect(res.statusCode, res.body).toBe(201);
    return { id: String(id), reporter: author, secrets: [secret] };
  },
  async message() {
    const secret = secretText();
    const id = await m.message(await m.member(), secret);
    return { id: String(id), reporter: await m.member(), secrets: [secret] };
  },
  async profile() {
    const member = await m.member();
    const secret = secretText();
    await db().update(profiles).set({ bio: secret }).where(eq(profiles.userId, member.userId));
    return { id: member.username, reporter: await m.member(), secrets: [secret] };
  },
  async "direct-message"() {
    const [sender, recipient] = [await m.member(), await m.member()];
    const conversation = await m.conversation(sender, recipient);
    // The message before it is context a moderator would read with it.
    const earlier = secretText();
    await m.directMessage(conversation, recipient, earlier);
    const secret = secretText();
    const id = await m.directMessage(conversation, sender, secret);
    return { id: String(id), reporter: recipient, secrets: [secret, earlier] };
  },
};

/** An id of the kind that names nothing. */
const NOTHING: Record<ReportTargetType, string> = {
  post: "999999999",
  review: "999999999",
  "review-reply": "999999999",
  message: "999999999",
  profile: "nobody_by_that_name",
  "direct-message": "999999999",
};

let moderator: TestUser;
const theModerator = async () => {
  moderator ??= await m.moderator();
  return moderator;
};

async function act(type: ReportTargetType, id: string, action: ItemAction) {
  return m.call(await theModerator(), {
    method: "POST",
    url: `/items/${type}/${encodeURIComponent(id)}/${action}`,
    payload: { reason: "Checked" },
  });
}

async function reported(type: ReportTargetType, item: Made) {
  const res = await m.report(item.reporter, { type, id: item.id }, "harassment");
  expect(res.statusCode, res.body).toBe(201);
}

/** An item's state and its log lines, to show an answer changed nothing. */
async function stateOf(type: ReportTargetType, id: string) {
  const item = await findItem(db(), { type, id });
  const log = await db()
    .select({ id: moderationLog.id })
    .from(moderationLog)
    .where(and(eq(moderationLog.targetType, type), eq(moderationLog.targetId, id)));
  return { hidden: item?.hiddenAt !== null, logLines: log.length };
}

async function expectNoSuchItem(type: ReportTargetType, item: Made) {
  const before = await stateOf(type, item.id);
  for (const action of ITEM_ACTIONS) {
    const res = await act(type, item.id, action);
    const nothing = await act(type, NOTHING[type], action);
    expect(res.statusCode, `${action}: ${res.body}`).toBe(404);
    expect(res.body).toBe(nothing.body);
    for (const secret of item.secrets) expect(res.body).not.toContain(secret);
  }
  expect(await stateOf(type, item.id)).toEqual(before);
}

describe("moderators act only on items in the queue or hidden (issue 28, item 5)", () => {
  for (const type of REPORT_TARGET_TYPES) {
    describe(type, () => {
      it("answers 404, as for no item, to every action on one never reported nor hidden", async () => {
        await expectNoSuchItem(type, await MAKE[type]());
      });

      it("answers 404 once its reports are dismissed and it is not hidden", async () => {
        const item = await MAKE[type]();
        await reported(type, item);
        expect((await act(type, item.id, "dismiss")).statusCode).toBe(200);
        await expectNoSuchItem(type, item);
      });

      for (const action of ITEM_ACTIONS) {
        it(`${action}: acts while it has an open report`, async () => {
          const item = await MAKE[type]();
          await reported(type, item);
          const res = await act(type, item.id, action);
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().item.hidden).toBe(action === "hide");
        });

        it(`${action}: acts while it is hidden, its reports closed (a restore brings it back)`, async () => {
          const item = await MAKE[type]();
          await reported(type, item);
          expect((await act(type, item.id, "hide")).statusCode).toBe(200);
          const res = await act(type, item.id, action);
          expect(res.statusCode, res.body).toBe(200);
          expect(res.json().item.hidden).toBe(action !== "restore");
          expect((await stateOf(type, item.id)).hidden).toBe(action !== "restore");
        });
      }
    });
  }
});
