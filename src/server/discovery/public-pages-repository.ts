import { and, asc, eq, isNull, or, type SQL, sql } from "drizzle-orm";
import { storedUsername } from "../../shared/profiles.ts";
import type { Db } from "../db/database.ts";
import { users } from "../db/tables/auth.ts";
import { posts } from "../db/tables/posts.ts";
import { profiles } from "../db/tables/profiles.ts";
import { unexpiredSql } from "../posts/index.ts";
import { publicSql } from "../visibility/index.ts";

/**
 * What a signed-out visitor (a messenger's or a search engine's crawler) may see (issue 33): the
 * visibility policy's public rule (not hidden) for the item and for its author's profile, and an
 * author who is not suspended. A deleted member's profile and posts are gone, so never found.
 */
function publicAuthorSql(now: Date): SQL {
  return and(
    publicSql(profiles),
    or(
      isNull(users.suspendedUntil),
      sql`${users.suspendedUntil} <= ${now.toISOString()}::timestamptz`,
    ),
  ) as SQL;
}

/** A post as its preview shows it. */
export type PublicPost = {
  id: number;
  title: string;
  topic: string;
  body: string;
  kind: string;
  authorUsername: string;
  authorImgUrl: string | null;
  areaName: string | null;
  /** The author asked search engines to leave their pages alone. */
  noindex: boolean;
};

/** The post `id` if a signed-out visitor may see it and it is still running at `now`; else null. */
export async function findPublicPost(db: Db, id: number, now: Date): Promise<PublicPost | null> {
  const [row] = await db
    .select({
      id: posts.id,
      title: posts.title,
      topic: posts.topic,
      body: posts.body,
      kind: posts.kind,
      authorUsername: profiles.username,
      authorImgUrl: profiles.imgUrl,
      areaName: posts.areaName,
      noindex: profiles.noindex,
    })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(posts.id, id), publicSql(posts), unexpiredSql(now), publicAuthorSql(now)))
    .limit(1);
  return row ?? null;
}

/** A profile as its preview shows it. */
export type PublicProfile = {
  username: string;
  bio: string;
  skills: string[];
  imgUrl: string | null;
  areaName: string | null;
  noindex: boolean;
};

/** The profile named `username` (any case) if a signed-out visitor may see it; else null. */
export async function findPublicProfile(
  db: Db,
  username: string,
  now: Date,
): Promise<PublicProfile | null> {
  const [row] = await db
    .select({
      username: profiles.username,
      bio: profiles.bio,
      skills: profiles.skills,
      imgUrl: profiles.imgUrl,
      areaName: profiles.areaName,
      noindex: profiles.noindex,
    })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(and(eq(profiles.username, storedUsername(username)), publicAuthorSql(now)))
    .limit(1);
  return row ?? null;
}

/** One address of the sitemap: the post's id or the member's username, and when it last changed. */
export type SitemapEntry = { key: string; lastModified: Date };

/** Posts and profiles the sitemap lists: public, running, by members who did not opt out. */
function listedPostsWhere(now: Date): SQL {
  return and(
    publicSql(posts),
    unexpiredSql(now),
    publicAuthorSql(now),
    eq(profiles.noindex, false),
  ) as SQL;
}
function listedProfilesWhere(now: Date): SQL {
  return and(publicAuthorSql(now), eq(profiles.noindex, false)) as SQL;
}

/** How many posts and profiles the sitemap lists at `now`. */
export async function countListed(db: Db, now: Date): Promise<{ posts: number; profiles: number }> {
  const [postCount] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(listedPostsWhere(now));
  const [profileCount] = await db
    .select({ count: sql<number>`count(*)::int` })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(listedProfilesWhere(now));
  return { posts: postCount?.count ?? 0, profiles: profileCount?.count ?? 0 };
}

/** The `page`th (from 1) run of `size` listed posts, oldest first (a page's addresses stay put). */
export async function listedPosts(
  db: Db,
  now: Date,
  page: number,
  size: number,
): Promise<SitemapEntry[]> {
  const rows = await db
    .select({
      id: posts.id,
      lastModified: sql<Date>`coalesce(${posts.editedAt}, ${posts.createdAt})`.mapWith(
        (value: string | Date) => new Date(value),
      ),
    })
    .from(posts)
    .innerJoin(profiles, eq(profiles.id, posts.authorId))
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(listedPostsWhere(now))
    .orderBy(asc(posts.id))
    .limit(size)
    .offset((page - 1) * size);
  return rows.map((row) => ({ key: String(row.id), lastModified: row.lastModified }));
}

/** The `page`th (from 1) run of `size` listed profiles, oldest first. */
export async function listedProfiles(
  db: Db,
  now: Date,
  page: number,
  size: number,
): Promise<SitemapEntry[]> {
  const rows = await db
    .select({ username: profiles.username, lastModified: profiles.createdAt })
    .from(profiles)
    .innerJoin(users, eq(users.id, profiles.userId))
    .where(listedProfilesWhere(now))
    .orderBy(asc(profiles.createdAt), asc(profiles.id))
    .limit(size)
    .offset((page - 1) * size);
  return rows.map((row) => ({ key: row.username, lastModified: row.lastModified }));
}
