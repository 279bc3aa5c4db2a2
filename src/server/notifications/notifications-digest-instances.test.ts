import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect, it } from "vitest";
import { createSignedInUser } from "../../../test/harness/factories.ts";
import { as } from "../../../test/harness/review-calls.ts";
import { setProfileArea, TOWNS } from "../../../test/harness/search-fixtures.ts";
import { twoInstances } from "../../../test/harness/two-instances.ts";
import { mailOutbox } from "../db/schema.ts";

/** Issue 30: two instances sending digests at the same moment send each member's once. */

const instances = twoInstances();

it("two instances at once queue one digest per member", async () => {
  const [one, two] = instances.apps as [FastifyInstance, FastifyInstance];
  const ana = await createSignedInUser(one, { skills: ["Carpentry"] });
  await setProfileArea(instances.storage.database.db, ana.profile?.id ?? "", TOWNS.cambridge);
  const settings = [{ topic: "digest", channel: "mail", enabled: true }];
  const turnedOn = await one.inject({
    method: "PUT",
    url: "/api/notifications/settings",
    headers: as(ana),
    payload: { settings },
  });
  expect(turnedOn.statusCode, turnedOn.body).toBe(200);
  const ben = await createSignedInUser(one);
  const posted = await two.inject({
    method: "POST",
    url: "/api/articles",
    headers: as(ben),
    payload: { title: "Carpentry work", body: "Shelves.", topic: "Home", area_id: TOWNS.histon },
  });
  expect(posted.statusCode, posted.body).toBe(201);

  await Promise.all([one.notifications.sendDigests(), two.notifications.sendDigests()]);
  await Promise.all([one.notifications.sendDigests(), two.notifications.sendDigests()]);
  const mails = await instances.storage.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, ana.email));
  expect(mails.map((mail) => mail.subject)).toEqual(["New near you: 1 new post this week"]);
});
