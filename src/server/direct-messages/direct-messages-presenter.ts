import type { ConversationSummary } from "../../shared/direct-messages.ts";
import { presentDirectMessage } from "../chat/index.ts";
import type { ConversationRow } from "./direct-messages-repository.ts";

/**
 * A conversation as its viewer sees it. A declined one is listed nowhere; opened by its link it
 * reads as a request again (Accept / Decline), since the viewer has not taken it back.
 */
export function presentConversation(row: ConversationRow): ConversationSummary {
  return {
    id: row.conversationId,
    with: { username: row.other.username, img_url: row.other.imgUrl },
    status: row.status === "open" ? "open" : "request",
    last_message: row.lastMessage && presentDirectMessage(row.lastMessage),
    unread: row.unread,
    last_read_id: row.lastReadId,
    started_at: row.startedAt.toISOString(),
    origin_post: row.origin && { id: row.origin.postId, title: row.origin.title },
  };
}
