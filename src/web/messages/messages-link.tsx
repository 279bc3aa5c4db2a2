import { Link } from "react-router";
import { canPublish } from "../../shared/policies.ts";
import { useSession } from "../auth/index.ts";
import { useConversations } from "./api/get-conversations.ts";
import { useUnreadCount } from "./api/get-unread-count.ts";
import { conversationAddress } from "./conversation-list.tsx";

/**
 * Where "Messages" leads (issue 34): the inbox, or straight into the conversation when the unread
 * messages are all in one. The list is only read while something waits unread.
 */
function useMessagesTarget(count: number): { to: string; known: boolean } {
  const conversations = useConversations(count > 0);
  const unread = conversations.data?.filter((conversation) => conversation.unread > 0) ?? [];
  const only = unread.length === 1 ? unread[0] : undefined;
  return {
    to: only && only.unread === count ? conversationAddress(only.with.username) : "/messages",
    known: count === 0 || !conversations.isPending,
  };
}

/** The top bar's "Messages", "Messages (N)" while N messages wait unread; for members. */
export function MessagesLink() {
  const session = useSession();
  const member = canPublish(session.data?.profile);
  const unread = useUnreadCount(member);
  const waiting = member ? (unread.data ?? 0) : 0;
  const target = useMessagesTarget(waiting);
  // The count shows once the link knows where it leads, so a click on "Messages (N)" goes there.
  const count = target.known ? waiting : 0;
  if (!member) return null;
  // On a phone the label is read, not shown: an envelope and the badge take its place (styles.css).
  return (
    <Link to={target.to} className="button button-ghost top-bar-messages">
      <span className="messages-label">{count > 0 ? `Messages (${count})` : "Messages"}</span>
      {count > 0 && (
        <span className="top-bar-badge" aria-hidden="true">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}
