import { and, desc, eq, gt, ne, type SQL, sql } from "drizzle-orm";
import { savedSearchLabel } from "../../shared/saved-searches.ts";
import type { Db } from "../db/database.ts";
import { savedSearches } from "../db/tables/notifications.ts";
import { posts } from "../db/tables/posts.ts";
import { profiles } from "../db/tables/profiles.ts";
import { closeTo } from "../places/index.ts";
import { searchTextOf } from "../search/index.ts";
import { notBlockedSql, publicSql } from "../visibility/index.ts";

/** How far from a member's area "near you" reaches. */
export const DIGEST_RADIUS_KM = 25;
const POSTS_PER_SECTION = 10;

export type DigestPost = { id: number; title: string };
/** One part of a digest: "New near you", or one saved search's matches. */
export type DigestSection = { heading: string; posts: DigestPost[] };

type Member = {
  userId: string;
  profileId: string;
  skills: string[];
  interests: string[];
  areaLat: number | null;
  areaLng: number | null;
};

/** The posts a mail may tell of: posted after `since`, still running at `now`. */
type Window = { since: Date; now: Date };

/**
 * Posts since `since` that everyone may see and that have not expired at `now` (the app's clock),
 * not the member's own nor by members they blocked.
 */
function newPostsFor(db: Db, member: Member, { since, now }: Window, match: (SQL | undefined)[]) {
  const reader = { kind: "member" as const, userId: sql`${member.userId}::uuid` };
  return db
    .select({ id: posts.id, title: posts.title })
    .from(posts)
    .where(
      and(
        publicSql(posts),
        gt(posts.createdAt, since),
        gt(posts.expiresAt, now),
        ne(posts.authorId, member.profileId),
        notBlockedSql(db, reader, { profileId: posts.authorId }),
        ...match,
      ),
    )
    .orderBy(desc(posts.createdAt), desc(posts.id))
    .limit(POSTS_PER_SECTION);
}

/** Any of the words of the member's skills and interests, for to_tsquery ("plumbing | garden"). */
function interestsQuery(member: Member): string | null {
  const text = searchTextOf([...member.skills, ...member.interests].join(" "));
  return text ? text.plain.split(" ").join(" | ") : null;
}

/**
 * "New near you": posts since `since` in the member's area (DIGEST_RADIUS_KM) and about their
 * skills or interests; either alone when the member has only one of them; none with neither.
 */
async function nearYou(db: Db, member: Member, window: Window): Promise<DigestPost[]> {
  const { areaLat, areaLng } = member;
  const near =
    areaLat === null || areaLng === null
      ? undefined
      : closeTo(posts, { lat: areaLat, lng: areaLng }, DIGEST_RADIUS_KM);
  const words = interestsQuery(member);
  const about = words
    ? sql`${posts.searchVector} @@ to_tsquery('ylt_search', ${words})`
    : undefined;
  if (!near && !about) return [];
  return newPostsFor(db, member, window, [near, about]);
}

type SavedSearchRow = typeof savedSearches.$inferSelect;

/** The posts since `since` one saved search matches, as the search would find them. */
function matchesOf(db: Db, member: Member, search: SavedSearchRow, window: Window) {
  const { tsquery, plain, type, topic, withinKm, areaLat, areaLng } = search;
  return newPostsFor(db, member, window, [
    tsquery
      ? sql`(${posts.searchVector} @@ to_tsquery('ylt_search', ${tsquery}) or ${plain} <% ${posts.title})`
      : undefined,
    type ? eq(posts.kind, type) : undefined,
    topic ? sql`lower(${posts.topic}) = lower(${topic})` : undefined,
    withinKm !== null && areaLat !== null && areaLng !== null
      ? closeTo(posts, { lat: areaLat, lng: areaLng }, withinKm)
      : undefined,
  ]);
}

async function memberOf(db: Db, userId: string): Promise<Member | null> {
  const [row] = await db
    .select({
      userId: profiles.userId,
      profileId: profiles.id,
      skills: profiles.skills,
      interests: profiles.interests,
      areaLat: profiles.areaLat,
      areaLng: profiles.areaLng,
    })
    .from(profiles)
    .where(eq(profiles.userId, userId));
  return row ?? null;
}

/**
 * What a member's periodic mail tells of, since `since`: "New near you" (the weekly digest only)
 * and the matches of each saved search delivered this way (`delivery`). Empty sections are left
 * out; no sections, no mail.
 */
export async function digestSections(
  db: Db,
  userId: string,
  { since, now, delivery }: Window & { delivery: "daily" | "digest" },
): Promise<DigestSection[]> {
  const member = await memberOf(db, userId);
  if (!member) return [];
  const sections: DigestSection[] = [];
  if (delivery === "digest") {
    sections.push({ heading: "New near you", posts: await nearYou(db, member, { since, now }) });
  }
  const searches = await db
    .select()
    .from(savedSearches)
    .where(and(eq(savedSearches.userId, userId), eq(savedSearches.delivery, delivery)))
    .orderBy(savedSearches.id);
  for (const search of searches) {
    const found = await matchesOf(db, member, search, { since, now });
    const label = savedSearchLabel({ ...search, q: search.query, within: search.withinKm });
    sections.push({ heading: `Matching ${label}`, posts: found });
  }
  return sections.filter((section) => section.posts.length > 0);
}
