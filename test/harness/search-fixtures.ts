import { eq } from "drizzle-orm";
import type { FastifyInstance } from "fastify";
import { expect } from "vitest";
import type { Db } from "../../src/server/db/database.ts";
import { posts, profiles } from "../../src/server/db/schema.ts";
import { deliverHere } from "../../src/server/events/index.ts";
import { chosenArea } from "../../src/server/places/area-choice.ts";
import type { PostType } from "../../src/shared/posts.ts";
import { createSignedInUser, type TestUser } from "./factories.ts";
import { as } from "./review-calls.ts";

/**
 * Search tests (issue 18): posts and areas written straight into the database, with the text, type,
 * time and town each test needs. Areas are copied from the gazetteer as the API does.
 */

/** A place's area columns, or all null (a place the gazetteer lacks throws). */
const areaValues = (placeId: number | null) => chosenArea(placeId);

/** Sets (or clears) a profile's area, as choosing a town on the profile does. */
export async function setProfileArea(db: Db, profileId: string, placeId: number | null) {
  await db.update(profiles).set(areaValues(placeId)).where(eq(profiles.id, profileId));
}

/** A signed-in member with the bio, skills and town a search test needs. */
export async function createSearchPerson(
  app: FastifyInstance,
  person: { username?: string; bio?: string; skills?: string[]; placeId?: number },
): Promise<TestUser> {
  const member = await createSignedInUser(app, {
    ...(person.username ? { username: person.username } : {}),
    skills: person.skills ?? [],
  });
  const profileId = member.profile?.id ?? "";
  const db = app.database.db;
  if (person.bio)
    await db.update(profiles).set({ bio: person.bio }).where(eq(profiles.id, profileId));
  if (person.placeId !== undefined) await setProfileArea(db, profileId, person.placeId);
  return member;
}

export type SearchPostFixture = {
  title: string;
  body?: string;
  topic?: string;
  type?: PostType;
  /** A gazetteer id; none when absent. */
  placeId?: number;
  /** How long ago it was posted (default: a minute). */
  ageDays?: number;
};

/** Stores a post by the profile `authorId`; returns its id. */
export async function insertSearchPost(
  db: Db,
  authorId: string,
  post: SearchPostFixture,
): Promise<number> {
  const [row] = await db
    .insert(posts)
    .values({
      authorId,
      title: post.title,
      body: post.body ?? "Nothing more to say.",
      topic: post.topic ?? "General",
      kind: post.type ?? "offering",
      createdAt: new Date(Date.now() - 60_000 - (post.ageDays ?? 0) * 86_400_000),
      ...areaValues(post.placeId ?? null),
    })
    .returning({ id: posts.id });
  if (!row) throw new Error("post insert returned nothing");
  deliverHere(db, { type: "everything.changed" });
  return row.id;
}

/** Towns of the gazetteer around Cambridge (GB), for distance filters. */
export const TOWNS = {
  cambridge: 2653941,
  /** About 6 km from Cambridge. */
  histon: 2646828,
  /** About 20 km from Cambridge. */
  newmarket: 2641616,
  /** About 73 km from Cambridge. */
  ipswich: 2646057,
  /** About 4 km from Cambridge. */
  girton: 2648627,
  /** About 48 km from Cambridge. */
  peterborough: 2640354,
  /** About 141 km from Cambridge. */
  birmingham: 2655603,
} as const;

/**
 * GET /api/search/{kind}?{query} on the app `t` holds, as `user` (signed out without one): the
 * answer, after checking it is a 200.
 */
export function searchCall<Answer>(t: { readonly app: FastifyInstance }, kind: "posts" | "people") {
  return async (query: Record<string, string | number>, user?: TestUser): Promise<Answer> => {
    const params = new URLSearchParams(
      Object.entries(query).map(([key, value]) => [key, String(value)]),
    );
    const res = await t.app.inject({
      method: "GET",
      url: `/api/search/${kind}?${params}`,
      headers: as(user),
    });
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as Answer;
  };
}
