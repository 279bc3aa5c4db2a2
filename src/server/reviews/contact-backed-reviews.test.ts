import type { LightMyRequestResponse } from "fastify";
import { describe, expect, it } from "vitest";
import { createSignedInUser, createSignedInUsers } from "../../../test/harness/factories.ts";
import { as } from "../../../test/harness/review-calls.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { trustCalls } from "../../../test/harness/trust-calls.ts";

/** Issue 32: a review after a conversation both sides wrote in is marked, counted and listed first. */

const t = testAppClosedAfterAll();
const { message, review, reviewsAbout, profile } = trustCalls(t);

const edit = (author: Parameters<typeof as>[0], id: number, payload: object) =>
  t.app.inject({ method: "PATCH", url: `/api/reviews/${id}`, headers: as(author), payload });
const remove = (author: Parameters<typeof as>[0], id: number) =>
  t.app.inject({ method: "DELETE", url: `/api/reviews/${id}`, headers: as(author) });

describe("a contact-backed review", () => {
  it("is one whose author and subject both wrote in their conversation before it, decided by the server", async () => {
    const [ada, ben, cy, dee] = await createSignedInUsers(t.app, 4);
    if (!ada || !ben || !cy || !dee) throw new Error("four members");
    await message(ada, ben);
    await message(ben, ada, "Happy to help");
    // Only Cy wrote to Ada; Ada never answered.
    await message(cy, ada);

    expect((await review(ben, ada)).contact_backed).toBe(true);
    expect((await review(cy, ada)).contact_backed).toBe(false);
    expect((await review(dee, ada)).contact_backed).toBe(false);
    // The client cannot claim it: the field is not part of what a review is written with.
    const claimed = await t.app.inject({
      method: "POST",
      url: "/api/reviews",
      headers: as(ada),
      payload: { created_about: dee.username, title: "t", body: "b", contact_backed: true },
    });
    expect(claimed.statusCode, claimed.body).toBe(201);
    expect(claimed.json().review.contact_backed).toBe(false);

    const listed = await reviewsAbout(ada);
    expect(listed.map((r) => [r.username, r.contact_backed])).toEqual([
      [ben.username, true],
      [dee.username, false],
      [cy.username, false],
    ]);
  });

  it("keeps its mark through edits; a deleted review written again is decided anew", async () => {
    const [ada, ben, cy] = await createSignedInUsers(t.app, 3);
    if (!ada || !ben || !cy) throw new Error("three members");
    await message(ada, ben);
    await message(ben, ada);
    const backed = await review(ben, ada);
    const unbacked = await review(cy, ada);
    // Cy and Ada talk only after Cy's review: an edit does not make it contact-backed.
    await message(cy, ada);
    await message(ada, cy);

    const editedBacked = await edit(ben, backed.id, { title: "Even better" });
    expect(editedBacked.statusCode, editedBacked.body).toBe(200);
    expect(editedBacked.json().review.contact_backed).toBe(true);
    const editedUnbacked = await edit(cy, unbacked.id, { rating: 4 });
    expect(editedUnbacked.json().review.contact_backed).toBe(false);

    expect((await remove(cy, unbacked.id)).statusCode).toBe(204);
    expect((await review(cy, ada)).contact_backed).toBe(true);
  });
});

describe("a profile's review figures", () => {
  it('count the reviews, how many followed a conversation, and average them all: "3 reviews, 1 after a conversation"', async () => {
    const subject = await createSignedInUser(t.app);
    const [talker, quiet, other] = await createSignedInUsers(t.app, 3);
    if (!talker || !quiet || !other) throw new Error("three members");
    await message(talker, subject);
    await message(subject, talker);
    await review(talker, subject, 5);
    await review(quiet, subject, 3);
    await review(other, subject, 4);

    const page = await profile(subject);
    expect(page).toMatchObject({ review_count: 3, contact_backed_count: 1, average_rating: 4 });
  });

  it("pages contact-backed reviews first, then newest first, without gaps or repeats", async () => {
    const subject = await createSignedInUser(t.app);
    const authors = await createSignedInUsers(t.app, 4);
    const [first, second, third, fourth] = authors;
    if (!first || !second || !third || !fourth) throw new Error("four members");
    await review(first, subject);
    for (const backer of [second, fourth]) {
      await message(backer, subject);
      await message(subject, backer);
    }
    await review(second, subject);
    await review(third, subject);
    await review(fourth, subject);

    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const res: LightMyRequestResponse = await t.app.inject({
        method: "GET",
        url: `/api/reviews?created_about=${subject.username}&limit=1${cursor ? `&cursor=${cursor}` : ""}`,
      });
      expect(res.statusCode, res.body).toBe(200);
      seen.push(...res.json().reviews.map((r: { username: string }) => r.username));
      cursor = res.json().nextCursor;
    } while (cursor);
    expect(seen).toEqual([fourth, second, third, first].map((member) => member.username));
  });
});
