import { useEffect } from "react";
import { Link } from "react-router";
import { canPublish } from "../../shared/policies.ts";
import { useSession } from "../auth/index.ts";
import { useUnreadNotifications } from "./api/get-unread-notifications.ts";
import { showCountOnAppBadge } from "./app-badge.ts";
import { showCountInTitle } from "./tab-title-count.ts";
import "./notifications.css";

/**
 * The top bar's bell for members: "Notifications (N)" to assistive technology and a badge on the
 * bell while N entries wait unread; the tab's title and the installed app's icon show N too.
 */
export function NotificationsLink() {
  const session = useSession();
  const member = canPublish(session.data?.profile);
  const unread = useUnreadNotifications(member);
  const count = member ? (unread.data ?? 0) : 0;
  useEffect(() => showCountInTitle(count), [count]);
  useEffect(() => showCountOnAppBadge(count), [count]);
  if (!member) return null;
  return (
    <Link
      to="/notifications"
      className="button button-ghost notifications-link"
      aria-label={count > 0 ? `Notifications (${count})` : "Notifications"}
    >
      <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" focusable="false">
        <path
          d="M12 3a6 6 0 0 0-6 6v3.6l-1.7 2.9A1 1 0 0 0 5.2 17h13.6a1 1 0 0 0 .9-1.5L18 12.6V9a6 6 0 0 0-6-6Zm-2.5 15.5a2.5 2.5 0 0 0 5 0"
          fill="none"
          stroke="currentColor"
          strokeWidth="1.8"
          strokeLinejoin="round"
        />
      </svg>
      {count > 0 && (
        <span className="top-bar-badge" aria-hidden="true">
          {count > 99 ? "99+" : count}
        </span>
      )}
    </Link>
  );
}
