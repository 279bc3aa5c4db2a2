import { Link } from "react-router";
import { canPublish } from "../../shared/policies.ts";
import { useSession } from "../auth/index.ts";
import { useUnreadCount } from "./api/get-unread-count.ts";

/** The top bar's "Messages", "Messages (N)" while N messages wait unread; for members. */
export function MessagesLink() {
  const session = useSession();
  const member = canPublish(session.data?.profile);
  const unread = useUnreadCount(member);
  if (!member) return null;
  const count = unread.data ?? 0;
  // On a phone the label is read, not shown: an envelope and the badge take its place (styles.css).
  return (
    <Link to="/chatapp" className="button button-ghost top-bar-messages">
      <span className="messages-label">{count > 0 ? `Messages (${count})` : "Messages"}</span>
      {count > 0 && (
        <span className="top-bar-badge" aria-hidden="true">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}
