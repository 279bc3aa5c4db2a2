import { and, eq, isNull, ne, or, type SQL, sql } from "drizzle-orm";
import { savedSearchLabel } from "../../shared/saved-searches.ts";
import type { Db } from "../db/database.ts";
import { savedSearches } from "../db/tables/notifications.ts";
import { posts } from "../db/tables/posts.ts";
import type { EventOf } from "../events/index.ts";
import { distanceMeters } from "../places/index.ts";
import { notBlockedSql } from "../visibility/index.ts";
import { addNotifications, type NewNotification } from "./notifications-repository.ts";

type NewPost = {
  title: string;
  kind: string;
  topic: string;
  areaLat: number | null;
  areaLng: number | null;
};

const s = savedSearches;

/**
 * What a saved search asks of a new post, as the search matches it (search-repository.ts): its
 * words in the post's document (prefix on the last word) or, for typos, like its title; its type
 * and topic; its area within the distance of the search's centre.
 */
function matchesPost(post: NewPost): SQL | undefined {
  const words = or(
    isNull(s.tsquery),
    sql`${posts.searchVector} @@ to_tsquery('ylt_search', ${s.tsquery})`,
    sql`${s.plain} <% ${posts.title}`,
  );
  const { areaLat, areaLng } = post;
  const near =
    areaLat === null || areaLng === null
      ? isNull(s.withinKm)
      : or(
          isNull(s.withinKm),
          sql`${distanceMeters(s, { lat: areaLat, lng: areaLng })} <= ${s.withinKm} * 1000`,
        );
  return and(
    words,
    or(isNull(s.type), eq(s.type, post.kind as "offering")),
    or(isNull(s.topic), sql`lower(${s.topic}) = lower(${post.topic})`),
    near,
  );
}

/**
 * The saved searches `postId` matches, one per member (an instant one first): never the author's,
 * never of a member who blocked the author. One query over every saved search, the post joined once.
 */
function matchingSearches(tx: Db, event: EventOf<"post.created">, post: NewPost) {
  const member = { kind: "member" as const, userId: sql`${s.userId}` };
  return tx
    .selectDistinctOn([s.userId], {
      userId: s.userId,
      query: s.query,
      type: s.type,
      topic: s.topic,
      withinKm: s.withinKm,
      delivery: s.delivery,
    })
    .from(s)
    .innerJoin(posts, eq(posts.id, event.postId))
    .where(
      and(
        ne(s.userId, event.authorUserId),
        notBlockedSql(tx, member, { profileId: posts.authorId }),
        matchesPost(post),
      ),
    )
    .orderBy(s.userId, sql`${s.delivery} = 'instant' desc`, s.id);
}

type Match = Awaited<ReturnType<typeof matchingSearches>>[number];

/**
 * A new post notifies the members whose saved searches it matches, in its own transaction; not
 * when it is hidden. A match delivered daily or in the digest is in the bell at once but already
 * decided for the delayed mail (`mailedAt`): the periodic mail tells of it instead.
 */
export async function onPostCreated(tx: Db, event: EventOf<"post.created">): Promise<void> {
  const [post] = await tx
    .select({
      title: posts.title,
      kind: posts.kind,
      topic: posts.topic,
      areaLat: posts.areaLat,
      areaLng: posts.areaLng,
      hidden: sql<boolean>`${posts.hiddenAt} is not null`,
    })
    .from(posts)
    .where(eq(posts.id, event.postId));
  if (!post || post.hidden) return;
  const entryOf = (match: Match): NewNotification => ({
    recipientId: match.userId,
    kind: "saved-search",
    groupKey: `saved-search:${event.postId}`,
    actorId: event.authorUserId,
    subjectId: event.postId,
    link: `/articles/${event.postId}`,
    detail: `${savedSearchLabel({ ...match, q: match.query, within: match.withinKm })}: ${post.title}`,
    mailedAt: match.delivery === "instant" ? null : sql`now()`,
  });
  await addNotifications(tx, (await matchingSearches(tx, event, post)).map(entryOf));
}
