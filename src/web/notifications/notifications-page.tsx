import { Link, Navigate } from "react-router";
import { type Notification, notificationText } from "../../shared/notifications.ts";
import { SessionUnknown, signInPathFor, useSession } from "../auth/index.ts";
import { Avatar } from "../ui/avatar.tsx";
import { NextPageButton } from "../ui/next-page-button.tsx";
import { TimeAgo } from "../ui/time-ago.tsx";
import { useNotifications } from "./api/get-notifications.ts";
import { useMarkNotificationsRead } from "./api/mark-notifications-read.ts";
import "./notifications.css";

/** One entry: its sentence, when, and a link to the thing itself; following it reads it. */
function Entry({ entry, onOpen }: { entry: Notification; onOpen: (id: number) => void }) {
  return (
    <li>
      <Link
        to={entry.link}
        className={entry.read ? "notification-entry" : "notification-entry notification-unread"}
        onClick={() => !entry.read && onOpen(entry.id)}
      >
        {entry.actor ? (
          <Avatar name={entry.actor.username} imageUrl={entry.actor.img_url} size={40} />
        ) : (
          <span className="notification-icon" aria-hidden="true">
            !
          </span>
        )}
        <span className="notification-body">
          <span className="notification-text">{notificationText(entry)}</span>
          <span className="notification-meta">
            <TimeAgo iso={entry.updated_at} />
            {!entry.read && <span className="notification-new">New</span>}
          </span>
        </span>
      </Link>
    </li>
  );
}

function NotificationList() {
  const list = useNotifications();
  const markRead = useMarkNotificationsRead();
  if (list.isPending) return <p className="muted">Loading notifications…</p>;
  if (list.isError)
    return <p role="alert">Your notifications could not be loaded. Please reload.</p>;
  const entries = list.data;
  const anyUnread = entries.some((entry) => !entry.read);
  return (
    <>
      <div className="notifications-actions">
        <button
          type="button"
          className="button button-ghost"
          disabled={!anyUnread || markRead.isPending}
          onClick={() => markRead.mutate("all")}
        >
          Mark all read
        </button>
      </div>
      {entries.length === 0 ? (
        <p className="muted">Nothing yet. Messages, reviews and replies to you will show here.</p>
      ) : (
        <ul className="notification-entries">
          {entries.map((entry) => (
            <Entry key={entry.id} entry={entry} onOpen={(id) => markRead.mutate(id)} />
          ))}
        </ul>
      )}
      <NextPageButton pages={list} className="notifications-more">
        Older notifications
      </NextPageButton>
    </>
  );
}

/** /notifications, for members: what happened while they were away, newest first. */
export function NotificationsPage() {
  const session = useSession();
  if (!session.isSuccess) return <SessionUnknown session={session} title="Notifications" />;
  if (!session.data.user) return <Navigate to={signInPathFor("/notifications")} replace />;
  return (
    <div className="notifications-page">
      <title>Notifications · Your Local Talents</title>
      <h1>Notifications</h1>
      <NotificationList />
    </div>
  );
}
