import { describe, expect, it } from "vitest";
import { createSignedInUser, createSignedInUsers } from "../../../test/harness/factories.ts";
import { makeEstablished } from "../../../test/harness/moderators.ts";
import { as } from "../../../test/harness/review-calls.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { trustCalls } from "../../../test/harness/trust-calls.ts";
import { loadConfig } from "../config.ts";
import { controllableClock } from "../schedule/index.ts";

/**
 * Issue 32: a new account's review is held until the account is NEW_ACCOUNT_HOURS old: its author
 * sees it with "visible from", nobody else sees or counts it, and the subject is not notified.
 */

const HOUR = 60 * 60 * 1000;
const clock = controllableClock();
const t = testAppClosedAfterAll({ newAccountHours: 24 }, { clock });
const { review, reviewsAbout, profile } = trustCalls(t);

const unreadNotifications = async (member: Parameters<typeof as>[0]) => {
  const res = await t.app.inject({
    method: "GET",
    url: "/api/notifications/unread",
    headers: as(member),
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().unread as number;
};

describe("a new account's review", () => {
  it("is held: its author sees it with its date, nobody else sees or counts it, until the clock passes the account's first day", async () => {
    const [subject, reader, established] = await createSignedInUsers(t.app, 3);
    if (!subject || !reader || !established) throw new Error("three members");
    await makeEstablished(t.database.db, established.userId);
    const newcomer = await createSignedInUser(t.app);

    const written = await review(newcomer, subject, 1);
    const visibleFrom = Date.parse(written.visible_from ?? "");
    expect(visibleFrom).toBeGreaterThan(clock.now().getTime() + 23 * HOUR);
    // The account's creation (the database's time, after the clock was made) plus a day.
    expect(visibleFrom).toBeLessThanOrEqual(Date.now() + 24 * HOUR);
    // An established member's review shows at once.
    expect((await review(established, subject, 5)).visible_from).toBeUndefined();

    const byAuthor = await reviewsAbout(subject, newcomer);
    expect(byAuthor.map((r) => [r.username, r.visible_from])).toEqual([
      [established.username, undefined],
      [newcomer.username, written.visible_from],
    ]);
    for (const someone of [undefined, reader, subject]) {
      expect((await reviewsAbout(subject, someone)).map((r) => r.username)).toEqual([
        established.username,
      ]);
    }
    expect(await profile(subject)).toMatchObject({ review_count: 1, average_rating: 5 });
    // Only the established member's review notified the subject.
    expect(await unreadNotifications(subject)).toBe(1);

    clock.set(new Date(visibleFrom + 1000));
    const later = await reviewsAbout(subject, reader);
    expect(later.map((r) => r.username).sort()).toEqual(
      [newcomer.username, established.username].sort(),
    );
    expect(later.every((r) => r.visible_from === undefined)).toBe(true);
    expect((await reviewsAbout(subject, newcomer)).every((r) => !r.visible_from)).toBe(true);
    expect(await profile(subject)).toMatchObject({ review_count: 2, average_rating: 3 });
  });
});

describe("NEW_ACCOUNT_HOURS=0", () => {
  const env = { NEW_ACCOUNT_HOURS: "0" };
  const off = testAppClosedAfterAll(() => {
    const config = loadConfig({ NODE_ENV: "test", ...env });
    return { newAccountHours: config.newAccountHours, writeLimits: config.writeLimits };
  });
  const calls = trustCalls(off);

  it("holds no review, and a fresh account writes as many as an established one", async () => {
    const author = await createSignedInUser(off.app);
    const subjects = await createSignedInUsers(off.app, 4);
    const { newAccountMax, max } = loadConfig({ NODE_ENV: "test" }).writeLimits.review;
    expect(newAccountMax).toBeLessThan(subjects.length);
    expect(max).toBeGreaterThanOrEqual(subjects.length);
    for (const subject of subjects) {
      const written = await calls.review(author, subject);
      expect(written.visible_from).toBeUndefined();
      expect((await calls.reviewsAbout(subject)).map((r) => r.username)).toEqual([author.username]);
    }
  });
});
