import type { Notification } from "../../shared/notifications.ts";
import type { NotificationRow } from "./notifications-repository.ts";

const conversationLink = (username: string) => `/chatapp?with=${encodeURIComponent(username)}`;
/** A profile with its reviews open (the web's reviews block opens on #reviews). */
const reviewsLink = (username: string) => `/user/${encodeURIComponent(username)}#reviews`;

/** Where an entry leads: its thing itself (the conversation, the review on its profile page). */
function linkOf(row: NotificationRow, ownUsername: string): string {
  const actor = row.actorUsername;
  switch (row.kind) {
    case "message":
    case "message-request":
      return actor ? conversationLink(actor) : "/chatapp";
    case "review":
      return reviewsLink(ownUsername);
    case "review-reply":
      return actor ? reviewsLink(actor) : reviewsLink(ownUsername);
    case "moderation":
    case "saved-search":
    case "offering-expiring":
    case "looking-for-expiring":
      return row.link ?? "/feed";
  }
}

/** A row as the member's list shows it; `ownUsername` is theirs (a review about them). */
export function presentNotification(row: NotificationRow, ownUsername: string): Notification {
  return {
    id: Number(row.id),
    kind: row.kind,
    count: row.count,
    actor: row.actorUsername ? { username: row.actorUsername, img_url: row.actorImgUrl } : null,
    detail: row.detail,
    link: linkOf(row, ownUsername),
    updated_at: row.updatedAt,
    read: row.readAt !== null,
  };
}
