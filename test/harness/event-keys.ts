import type { Database } from "../../src/server/db/database.ts";
import { type DomainEvent, eventBusOf } from "../../src/server/events/index.ts";

/** Every event type but the live fan-out's (those tests read frames on sockets instead). */
const KEYED_TYPES = [
  "post.changed",
  "feed.changed",
  "everything.changed",
  "member.blocked",
  "session.ended",
  "member.signed-out",
  "chat.message-hidden",
  "chat.message-restored",
] as const;

/** A short text naming an event, for tests that list what was heard in order. */
export function eventKey(event: DomainEvent): string {
  switch (event.type) {
    case "post.changed":
      return `post:${event.postId}`;
    case "feed.changed":
      return "feed";
    case "everything.changed":
      return "all";
    case "member.blocked":
      return `blocks:${event.userId}`;
    case "session.ended":
      return `session-ended:${event.sessionId}`;
    case "member.signed-out":
      return `chat-signed-out:${event.userId}`;
    case "chat.message-hidden":
      return `chat-hidden:${event.messageId}`;
    case "chat.message-restored":
      return `chat-restored:${event.messageId}`;
    default:
      return event.type;
  }
}

/**
 * Hands `handler` the key of every event this process hears on `database` (its own writes' right
 * after their commit, other instances' through the channel), and "all" after a lost LISTEN
 * connection is back. Resolves to a function that unsubscribes.
 */
export function subscribeToEventKeys(
  database: Database,
  handler: (key: string) => void,
): Promise<() => Promise<void>> {
  return eventBusOf(database).subscribe({
    types: KEYED_TYPES,
    on: (event) => handler(eventKey(event)),
    onResync: () => handler("all"),
  });
}
