import { eq, inArray, sql } from "drizzle-orm";
import { reviewReplies, reviews } from "../db/tables/reviews.ts";
import { hiderOf, profileIdOfAccount } from "../visibility/index.ts";

/** Moderators hide or restore reviews (decision 010); reviews are read uncached: nothing to announce. */
export const setReviewsHidden = hiderOf<number>({
  table: reviews,
  key: reviews.id,
  authorIs: (userId) => eq(reviews.authorId, profileIdOfAccount(userId)),
});

/** The same for replies (issue 19): keyed by their review's id, written by its subject. */
export const setRepliesHidden = hiderOf<number>({
  table: reviewReplies,
  key: reviewReplies.reviewId,
  authorIs: (userId) =>
    inArray(
      reviewReplies.reviewId,
      sql`(select ${reviews.id} from ${reviews} where ${reviews.subjectId} = ${profileIdOfAccount(userId)})`,
    ),
});
