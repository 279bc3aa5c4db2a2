import { canChangeReview, canReplyToReview } from "../../shared/policies.ts";
import type { ViewerWithProfile } from "../auth/index.ts";
import { isBlocked } from "../blocks/index.ts";
import type { Db } from "../db/database.ts";
import type { WriteResult } from "../db/sql-errors.ts";
import { maySee, maySeeProfile } from "../visibility/index.ts";
import {
  deleteReply,
  deleteReview,
  lockReview,
  putReply,
  type ReviewAccess,
  type ReviewChanges,
  updateReview,
} from "./review-owner-repository.ts";
import { findReview, type ReviewReader, type ReviewRecord } from "./reviews-repository.ts";

/** Why an owner's change was not made; review-owner-routes.ts answers each (404, 403). */
export type ReviewOwnerRefusal =
  | "no-such-review"
  | "not-your-review"
  | "not-your-reply"
  | "no-reply";

type Change<T> = Promise<WriteResult<T, ReviewOwnerRefusal>>;

const readerOf = (actor: ViewerWithProfile): ReviewReader => ({
  userId: actor.identity.id,
  profileId: actor.profile.id,
  moderator: actor.moderator,
});

/** The review's author may change it; the member it is about may reply. */
const mayChange = {
  review: (actor: ViewerWithProfile, review: ReviewAccess) =>
    canChangeReview(actor.profile, { username: review.authorUsername }),
  reply: (actor: ViewerWithProfile, review: ReviewAccess) =>
    canReplyToReview(actor.profile, { created_about: review.subjectUsername }),
};

/**
 * Whether `actor` may see `review`: not when moderators hid it (or its subject's profile) and it
 * is not theirs, nor when they blocked its author. Read fresh in the write's transaction, not from
 * the cache.
 */
async function maySeeReview(tx: Db, review: ReviewAccess, actor: ViewerWithProfile) {
  const userId = actor.identity.id;
  const blocked = await isBlocked(tx, userId, review.authorUserId);
  const reader = {
    userId,
    moderator: actor.moderator,
    blocked: new Set(blocked ? [review.authorUserId] : []),
  };
  const subject = { userId: review.subjectUserId, hidden: review.subjectHidden };
  return maySee(reader, review) && maySeeProfile(reader, subject);
}

/**
 * Review `id` locked for `actor`'s change of `part` (the review itself or its reply): refused as
 * not there when they may not see it, as not theirs when they may not change that part.
 */
async function lockForChange(
  tx: Db,
  id: number,
  actor: ViewerWithProfile,
  part: keyof typeof mayChange,
): Change<ReviewAccess> {
  const review = await lockReview(tx, id);
  if (!review || !(await maySeeReview(tx, review, actor))) {
    return { ok: false, reason: "no-such-review" };
  }
  if (!mayChange[part](actor, review)) {
    return { ok: false, reason: part === "review" ? "not-your-review" : "not-your-reply" };
  }
  return { ok: true, value: review };
}

/** The author's edit of review `id`; the review as it reads now (null: gone for the actor). */
export async function editReview(
  tx: Db,
  actor: ViewerWithProfile,
  id: number,
  changes: ReviewChanges,
): Change<ReviewRecord | null> {
  const locked = await lockForChange(tx, id, actor, "review");
  if (!locked.ok) return locked;
  await updateReview(tx, id, changes);
  return { ok: true, value: await findReview(tx, id, readerOf(actor)) };
}

/** A review or reply its author deleted, as reports name it: by the review's id. */
export type RemovedReviewItem = { type: "review" | "review-reply"; key: string };

/**
 * What a deletion writes besides, in the same transaction (issue 19: the removed items' open
 * reports close). Passed in by app.ts, so reviews depends not on moderation, which hides reviews.
 */
export type AfterRemoved = (tx: Db, items: RemovedReviewItem[]) => Promise<void>;

/** The author deletes review `id`; its open reports, and its reply's, close with it. */
export async function removeReview(
  tx: Db,
  actor: ViewerWithProfile,
  id: number,
  afterRemoved: AfterRemoved,
): Change<null> {
  const locked = await lockForChange(tx, id, actor, "review");
  if (!locked.ok) return locked;
  await deleteReview(tx, id);
  const key = String(id);
  await afterRemoved(tx, [
    { type: "review", key },
    { type: "review-reply", key },
  ]);
  return { ok: true, value: null };
}

/** The subject writes or rewrites the reply to review `id`; `created`: there was none before. */
export async function writeReply(
  tx: Db,
  actor: ViewerWithProfile,
  id: number,
  body: string,
): Change<{ created: boolean; record: ReviewRecord | null }> {
  const locked = await lockForChange(tx, id, actor, "reply");
  if (!locked.ok) return locked;
  const { created } = await putReply(tx, locked.value, body);
  return { ok: true, value: { created, record: await findReview(tx, id, readerOf(actor)) } };
}

/** The subject deletes the reply to review `id`; its open reports close with it. */
export async function removeReply(
  tx: Db,
  actor: ViewerWithProfile,
  id: number,
  afterRemoved: AfterRemoved,
): Change<null> {
  const locked = await lockForChange(tx, id, actor, "reply");
  if (!locked.ok) return locked;
  if (!(await deleteReply(tx, id))) return { ok: false, reason: "no-reply" };
  await afterRemoved(tx, [{ type: "review-reply", key: String(id) }]);
  return { ok: true, value: null };
}
