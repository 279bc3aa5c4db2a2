import { describe, expect, it } from "vitest";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { testAppClosedAfterAll } from "../../../test/harness/test-app.ts";

const t = testAppClosedAfterAll();

describe("the account export's direct messages (issue 17)", () => {
  it("holds the messages the member wrote, oldest first, with whom; none of the other's", async () => {
    const [ana, ben, cleo] = [
      await createSignedInUser(t.app),
      await createSignedInUser(t.app),
      await createSignedInUser(t.app),
    ];
    let clientId = 0;
    const send = async (from: typeof ana, to: typeof ana, text: string) => {
      const res = await t.app.inject({
        method: "POST",
        url: `/api/conversations/with/${to.username}/messages`,
        headers: { cookie: from.cookie },
        payload: { text, clientId: `export-${++clientId}` },
      });
      expect(res.statusCode).toBe(201);
    };
    await send(ana, ben, "Hello Ben");
    await send(ben, ana, "Hello Ana");
    await send(ana, cleo, "Hello Cleo");

    const exported = (user: typeof ana) =>
      t.app.inject({ method: "GET", url: "/api/me/export", headers: { cookie: user.cookie } });
    const data = (await exported(ana)).json();
    expect(data.directMessages).toEqual([
      { with: ben.username, text: "Hello Ben", createdAt: expect.any(String) },
      { with: cleo.username, text: "Hello Cleo", createdAt: expect.any(String) },
    ]);
    expect(Number.isNaN(Date.parse(data.directMessages[0]?.createdAt ?? ""))).toBe(false);
    const none = (await exported(await createSignedInUser(t.app, { withProfile: false }))).json();
    expect(none.directMessages).toEqual([]);
  });
});
