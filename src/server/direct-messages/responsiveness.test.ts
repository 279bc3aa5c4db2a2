import { sql } from "drizzle-orm";
import { beforeEach, describe, expect, it } from "vitest";
import {
  createSignedInUser,
  createSignedInUsers,
  type TestUser,
} from "../../../test/harness/factories.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { trustCalls } from "../../../test/harness/trust-calls.ts";
import { directMessages } from "../db/schema.ts";
import { controllableClock } from "../schedule/index.ts";

/**
 * Issue 32: how a member answers direct messages, from the conversations others started with them
 * in the last 90 days, in coarse buckets only; the app's clock is "now".
 */

const DAY = 24 * 60 * 60 * 1000;
const clock = controllableClock();
const t = testAppClosedAfterAll({}, { clock });
const { message, profile } = trustCalls(t);
// Each test starts at the real time: the conversations it makes are written at that time.
beforeEach(() => clock.set(new Date()));

/** `count` members each start a conversation with `member`; the first `answered` get a reply. */
async function conversationsWith(member: TestUser, count: number, answered: number) {
  const others = await createSignedInUsers(t.app, count);
  for (const [i, other] of others.entries()) {
    await message(other, member, "Could you help?");
    if (i < answered) await message(member, other, "Yes, gladly");
  }
  return others;
}

/** Moves `member`'s replies `hours` after the conversations' start (a test cannot wait hours). */
async function repliesTake(member: TestUser, hours: number) {
  await t.database.db.execute(sql`
    update ${directMessages} reply set created_at = c.created_at + make_interval(hours => ${hours})
    from conversations c
    where c.id = reply.conversation_id and reply.sender_id = ${member.userId}`);
}

const ISO_TIME = /\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;

describe("responsiveness on the profile", () => {
  it("appears after three answered conversations, in buckets, and gives no time of anyone's activity", async () => {
    const member = await createSignedInUser(t.app);
    await conversationsWith(member, 2, 2);
    expect((await profile(member)).responsiveness).toBeNull();

    await conversationsWith(member, 1, 1);
    const user = await profile(member);
    expect(user.responsiveness).toEqual({ reply_time: "hours", replies_to_most: true });
    expect(JSON.stringify(user)).not.toMatch(ISO_TIME);

    await repliesTake(member, 10);
    expect((await profile(member)).responsiveness).toEqual({
      reply_time: "day",
      replies_to_most: true,
    });
    await repliesTake(member, 50);
    expect((await profile(member)).responsiveness?.reply_time).toBe("days");
    await repliesTake(member, 100);
    expect((await profile(member)).responsiveness).toEqual({
      reply_time: null,
      replies_to_most: true,
    });
  });

  it("counts a conversation the member started never, and one they did not answer only after 3 days", async () => {
    const member = await createSignedInUser(t.app);
    await conversationsWith(member, 3, 3);
    // The member's own openings say nothing of how they answer.
    for (const other of await createSignedInUsers(t.app, 3)) await message(member, other);
    await conversationsWith(member, 2, 0);
    // 3 answered, 2 unanswered within the grace period: only the answered ones count.
    expect((await profile(member)).responsiveness).toEqual({
      reply_time: "hours",
      replies_to_most: true,
    });

    clock.advance(3 * DAY + 60_000);
    // Now 3 of 5: not "most".
    expect((await profile(member)).responsiveness).toEqual({
      reply_time: "hours",
      replies_to_most: false,
    });

    clock.advance(90 * DAY);
    expect((await profile(member)).responsiveness).toBeNull();
  });

  it("is the same in the profile a member's own save answers", async () => {
    const member = await createSignedInUser(t.app);
    await conversationsWith(member, 3, 3);
    const res = await t.app.inject({
      method: "PUT",
      url: `/api/users/${member.username}`,
      headers: { cookie: member.cookie },
      payload: { bio: "Plumber" },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().user.responsiveness).toEqual({
      reply_time: "hours",
      replies_to_most: true,
    });
  });
});
