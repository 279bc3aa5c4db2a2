import { useId } from "react";
import type { ChatMessage } from "../../shared/chat.ts";
import { ReportOpenButton } from "../reports/index.ts";
import { Avatar } from "../ui/avatar.tsx";
import { HiddenNotice } from "../ui/hidden-notice.tsx";
import type { OutgoingMessage } from "./outgoing-message.ts";

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

type Props = {
  message: ChatMessage;
  own: boolean;
  /** Given when the viewer may report the message (canReport): its small Report button calls it. */
  onReport?: ((message: ChatMessage) => void) | undefined;
};

/**
 * A stored message: name, avatar and text; our own sit on the right in another colour. Others'
 * messages have a small Report; one hidden by moderators (seen by its author or a moderator) says so.
 */
export function MessageItem({ message, own, onReport }: Props) {
  const textId = useId();
  return (
    <li className={own ? "chat-message chat-message-own" : "chat-message"}>
      <Avatar name={message.userName} imageUrl={message.userPhotoURL} size={36} />
      <div className={message.hidden ? "chat-bubble chat-bubble-hidden" : "chat-bubble"}>
        <p className="chat-meta">
          <span className="chat-author">{message.userName}</span>
          <time dateTime={message.createdAt}>{timeFormat.format(new Date(message.createdAt))}</time>
          {onReport && (
            <ReportOpenButton
              className="chat-report"
              describedBy={textId}
              onOpen={() => onReport(message)}
            />
          )}
        </p>
        <p id={textId} className="chat-text">
          {message.text}
        </p>
        {message.hidden && <HiddenNotice className="chat-hidden-notice" />}
      </div>
    </li>
  );
}

/** One of our messages on its way: pending until the server acknowledges it, or failed with a retry. */
export function OutgoingItem({
  message,
  userName,
  photoUrl,
  onRetry,
}: {
  message: OutgoingMessage;
  userName: string;
  photoUrl: string | null;
  onRetry: (clientId: string) => void;
}) {
  const failed = message.status === "failed";
  return (
    <li
      className={`chat-message chat-message-own ${failed ? "chat-message-failed" : "chat-message-pending"}`}
    >
      <Avatar name={userName} imageUrl={photoUrl} size={36} />
      <div className="chat-bubble">
        <p className="chat-meta">
          <span className="chat-author">{userName}</span>
          <span>{failed ? "Not sent" : "Sending…"}</span>
        </p>
        <p className="chat-text">{message.text}</p>
        {failed && (
          <p className="chat-failure">
            <span>{message.error}</span>
            <button type="button" className="chat-retry" onClick={() => onRetry(message.clientId)}>
              Retry
            </button>
          </p>
        )}
      </div>
    </li>
  );
}
