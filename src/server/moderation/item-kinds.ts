import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { ReportTargetType } from "../../shared/moderation.ts";
import { storedUsername } from "../../shared/profiles.ts";
import { setMessagesHidden } from "../chat/index.ts";
import type { Db } from "../db/database.ts";
import { messages } from "../db/tables/chat.ts";
import { posts } from "../db/tables/posts.ts";
import { profiles } from "../db/tables/profiles.ts";
import { reviewReplies, reviews } from "../db/tables/reviews.ts";
import { setPostsHidden } from "../posts/index.ts";
import { setProfilesHidden } from "../profiles/index.ts";
import { setRepliesHidden, setReviewsHidden } from "../reviews/index.ts";
import { directMessageKind } from "./direct-message-kind.ts";
import type { ItemKind } from "./item-kind.ts";
import { itemKind, withTextKeys } from "./item-source.ts";
import { withRemovedPosts } from "./removed-posts.ts";

/** The author as their profile names them, where the kind's row points at the profile. */
const profileAuthor = { userId: profiles.userId, username: profiles.username };

const postKind = itemKind({
  type: "post",
  table: posts,
  key: posts.id,
  author: profileAuthor,
  columns: { text: posts.body, title: posts.title },
  join: (query) => query.innerJoin(profiles, eq(profiles.id, posts.authorId)),
  present: (row) => ({ title: row.title, path: `/articles/${row.key}` }),
  setHidden: withTextKeys(setPostsHidden),
});

const subjects = alias(profiles, "subjects");

const reviewKind = itemKind({
  type: "review",
  table: reviews,
  key: reviews.id,
  author: profileAuthor,
  columns: { text: reviews.body, title: reviews.title, subject: subjects.username },
  join: (query) =>
    query
      .innerJoin(profiles, eq(profiles.id, reviews.authorId))
      .innerJoin(subjects, eq(subjects.id, reviews.subjectId)),
  present: (row) => ({ title: row.title, path: `/user/${row.subject}` }),
  setHidden: withTextKeys(setReviewsHidden),
});

/** The reviewed member's reply to a review (issue 19): keyed by its review's id, by its subject. */
const reviewReplyKind = itemKind({
  type: "review-reply",
  table: reviewReplies,
  key: reviewReplies.reviewId,
  author: { userId: subjects.userId, username: subjects.username },
  columns: { text: reviewReplies.body, reviewTitle: reviews.title },
  join: (query) =>
    query
      .innerJoin(reviews, eq(reviews.id, reviewReplies.reviewId))
      .innerJoin(subjects, eq(subjects.id, reviews.subjectId)),
  present: (row) => ({
    title: `Reply to "${row.reviewTitle}"`,
    path: `/user/${row.authorUsername}`,
  }),
  setHidden: withTextKeys(setRepliesHidden),
});

const messageKind = itemKind({
  type: "message",
  table: messages,
  key: messages.id,
  author: {
    userId: messages.userId,
    // The sender's username now; the one the message was sent under if the profile is gone.
    username: sql<string>`coalesce(${profiles.username}, ${messages.userName})`,
  },
  columns: { text: messages.text },
  join: (query) => query.leftJoin(profiles, eq(profiles.userId, messages.userId)),
  present: () => ({ path: "/chatapp" }),
  setHidden: withTextKeys(setMessagesHidden),
});

/** A profile is its bio, named by its username, keyed by its uuid. */
const profileKind = itemKind({
  type: "profile",
  table: profiles,
  key: profiles.id,
  keyOf: profileKeyOf,
  newest: profiles.createdAt,
  author: profileAuthor,
  columns: { text: profiles.bio },
  join: (query) => query,
  present: (row) => ({
    wireId: row.authorUsername,
    title: row.authorUsername,
    path: `/user/${row.authorUsername}`,
  }),
  setHidden: setProfilesHidden,
});

async function profileKeyOf(db: Db, username: string): Promise<string | null> {
  const [row] = await db
    .select({ id: profiles.id })
    .from(profiles)
    .where(eq(profiles.username, storedUsername(username)))
    .limit(1);
  return row?.id ?? null;
}

export const ITEM_KINDS: Record<ReportTargetType, ItemKind> = {
  post: withRemovedPosts(postKind),
  review: reviewKind,
  "review-reply": reviewReplyKind,
  message: messageKind,
  profile: profileKind,
  "direct-message": directMessageKind,
};
