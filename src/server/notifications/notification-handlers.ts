import { isBlocked } from "../blocks/index.ts";
import type { Db } from "../db/database.ts";
import type { EventBus, EventOf } from "../events/index.ts";
import { onModerationDecided } from "./moderation-notices.ts";
import { addNotification, markNotificationsRead } from "./notifications-repository.ts";
import { onPostCreated } from "./saved-search-matches.ts";

/** A conversation's entries collapse into one while unread. */
export const conversationGroup = (conversationId: number) => `conversation:${conversationId}`;

/** A new direct message notifies its recipient, unless it is withheld from them or hidden. */
async function onMessage(tx: Db, event: EventOf<"dm.sent">): Promise<void> {
  if (event.senderOnly || event.message?.hidden) return;
  await addNotification(tx, {
    recipientId: event.recipientId,
    kind: event.request ? "message-request" : "message",
    groupKey: conversationGroup(event.conversationId),
    actorId: event.senderId,
    subjectId: event.conversationId,
  });
}

/** Reading a conversation reads its entry: the bell counts down as the member opens the thing. */
async function onRead(tx: Db, event: EventOf<"dm.read">): Promise<void> {
  await markNotificationsRead(tx, event.userId, {
    groupKey: conversationGroup(event.conversationId),
  });
}

/**
 * A review notifies the member it is about, unless they blocked its author (then it is withheld),
 * or it is held (a new account's): never before anyone else may see it, and not when it becomes
 * visible either (decision 028).
 */
async function onReview(tx: Db, event: EventOf<"review.created">): Promise<void> {
  if (event.withheld || event.held) return;
  await addNotification(tx, {
    recipientId: event.subjectUserId,
    kind: "review",
    groupKey: `review:${event.reviewId}`,
    actorId: event.authorUserId,
    subjectId: event.reviewId,
  });
}

/** A reply notifies the review's author, unless they blocked the member who replied. */
async function onReply(tx: Db, event: EventOf<"review.replied">): Promise<void> {
  if (await isBlocked(tx, event.reviewAuthorUserId, event.replierUserId)) return;
  await addNotification(tx, {
    recipientId: event.reviewAuthorUserId,
    kind: "review-reply",
    groupKey: `review-reply:${event.reviewId}`,
    actorId: event.replierUserId,
    subjectId: event.reviewId,
  });
}

/**
 * Notifications as event handlers (issue 30): each runs in the transaction that announces its
 * event, so an entry exists exactly when the change it is about committed. Returns the function
 * that removes them.
 */
export function handleNotificationEvents(bus: EventBus): () => void {
  const removers = [
    bus.handleInTransaction("notifications:message", ["dm.sent"], onMessage),
    bus.handleInTransaction("notifications:read", ["dm.read"], onRead),
    bus.handleInTransaction("notifications:review", ["review.created"], onReview),
    bus.handleInTransaction("notifications:reply", ["review.replied"], onReply),
    bus.handleInTransaction(
      "notifications:moderation",
      ["moderation.decided"],
      onModerationDecided,
    ),
    bus.handleInTransaction("notifications:saved-search", ["post.created"], onPostCreated),
  ];
  return () => {
    for (const remove of removers) remove();
  };
}
