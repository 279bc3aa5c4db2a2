import { beforeAll, describe, expect, it } from "vitest";
import { createSignedInUser, type TestUser } from "../../../test/harness/factories.ts";
import { photo, truncated } from "../../../test/harness/photo-fixtures.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";
import { writeEvents } from "../db/schema.ts";
import { DEFAULT_WRITE_LIMITS } from "../limits/write-limit-rules.ts";

/**
 * Issue 28, item 6: uploads cost a decode (~0.8 s of libvips for a large one) before the write
 * limit counted them, and the processing queue had no end: 16 parallel uploads delayed another
 * member's to 4.75 s.
 */

const t = testAppClosedAfterAll();
const photoRule = DEFAULT_WRITE_LIMITS.photo;

const upload = (user: TestUser, body: Buffer, type = "image/png") =>
  t.app.inject({
    method: "PUT",
    url: `/api/users/${user.username}/photo`,
    payload: body,
    headers: { "content-type": type, cookie: user.cookie },
  });

let png: Buffer;
beforeAll(async () => {
  png = await photo("png", 1600, 1200);
});

describe("an account at its photo limit", () => {
  it("is refused with 429 and Retry-After before its upload is decoded", async () => {
    const member = await createSignedInUser(t.app);
    await t.database.db.insert(writeEvents).values(
      Array.from({ length: photoRule.newAccountMax }, () => ({
        userId: member.userId,
        action: "photo",
      })),
    );
    // A truncated JPEG is a 400 "damaged" once libvips decodes it: the 429 says nobody did.
    const refused = await upload(member, truncated(await photo("jpeg")), "image/jpeg");
    expect(refused.statusCode, refused.body).toBe(429);
    expect(refused.json().error.code).toBe("too-many-requests");
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
  });
});

describe("parallel uploads of one account", () => {
  it("are taken one at a time: the others are refused at once with 429 and Retry-After", async () => {
    const member = await createSignedInUser(t.app);
    const answers = await Promise.all(Array.from({ length: 8 }, () => upload(member, png)));
    const statuses = answers.map((res) => res.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(1);
    const refused = answers.filter((res) => res.statusCode === 429);
    expect(refused).toHaveLength(7);
    for (const res of refused) expect(Number(res.headers["retry-after"])).toBeGreaterThan(0);
    // The slot is given back with the answer: the next upload is taken.
    expect((await upload(member, png)).statusCode).toBe(200);
  });
});
