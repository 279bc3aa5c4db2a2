import type { ChatMessage } from "../../shared/chat.ts";
import { Avatar } from "../ui/avatar.tsx";
import type { OutgoingMessage } from "./chat-state.ts";

const timeFormat = new Intl.DateTimeFormat(undefined, { hour: "2-digit", minute: "2-digit" });

/** A stored message: name, avatar and text; our own sit on the right in another colour. */
export function MessageItem({ message, own }: { message: ChatMessage; own: boolean }) {
  return (
    <li className={own ? "chat-message chat-message-own" : "chat-message"}>
      <Avatar name={message.userName} imageUrl={message.userPhotoURL} size={36} />
      <div className="chat-bubble">
        <p className="chat-meta">
          <span className="chat-author">{message.userName}</span>
          <time dateTime={message.createdAt}>{timeFormat.format(new Date(message.createdAt))}</time>
        </p>
        <p className="chat-text">{message.text}</p>
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
