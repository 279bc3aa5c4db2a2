import { Link, useNavigate } from "react-router";
import type { ChatMessage } from "../../shared/chat.ts";
import type { DirectMessage } from "../../shared/direct-message.ts";
import { ApiError } from "../api/client.ts";
import { MessageForm, MessageList } from "../message-log/index.ts";
import { Avatar } from "../ui/avatar.tsx";
import { useAnswerRequest } from "./api/answer-request.ts";
import { messagesOf, useConversation } from "./api/get-conversation.ts";
import { StartedOn } from "./message-time.tsx";
import { useMarkReadOnView } from "./use-mark-read-on-view.ts";
import { useSendDirectMessages } from "./use-send-direct-messages.ts";

export type Me = { username: string; photoUrl: string | null };

/** A direct message in the room's shape, so the room's log shows it. */
function asLogMessage(
  message: DirectMessage,
  photoOf: (sender: string) => string | null,
): ChatMessage {
  return {
    id: message.id,
    userName: message.sender,
    userPhotoURL: photoOf(message.sender),
    text: message.text,
    createdAt: message.created_at,
    ...(message.hidden ? { hidden: true } : {}),
  };
}

/** Accept or Decline, for a conversation the other member started. */
function RequestAnswer({ username }: { username: string }) {
  const answer = useAnswerRequest(username);
  const navigate = useNavigate();
  return (
    <div className="conversation-request">
      <p>
        {username} wrote to you first. Accept to reply, or decline: you won't see their messages.
      </p>
      <div className="button-row">
        <button
          type="button"
          className="button"
          disabled={answer.isPending}
          onClick={() => answer.mutate("accept")}
        >
          Accept
        </button>
        <button
          type="button"
          className="button button-ghost"
          disabled={answer.isPending}
          onClick={() => answer.mutate("decline", { onSuccess: () => void navigate("/messages") })}
        >
          Decline
        </button>
      </div>
      {answer.isError && (
        <p className="error-text" role="alert">
          {answer.error.message}
        </p>
      )}
    </div>
  );
}

/**
 * The private conversation with `username` (region "Conversation with <username>"): the log, ours
 * on the right, older pages on scrolling up, Report on theirs, Accept / Decline for a request, the
 * form; read as it is open.
 */
export function ConversationView({
  username,
  me,
  fromPost,
}: {
  username: string;
  me: Me;
  fromPost?: number | undefined;
}) {
  const query = useConversation(username);
  const sender = useSendDirectMessages(username, fromPost);
  const conversation = query.data?.pages[0]?.conversation;
  const other = conversation?.with ?? { username, img_url: null };
  const messages = messagesOf(query.data);
  useMarkReadOnView(username, conversation, messages);
  const photoOf = (name: string) => (name === me.username ? me.photoUrl : other.img_url);

  let body: React.ReactNode;
  if (query.isPending) {
    body = <p className="muted">Loading...</p>;
  } else if (query.isError) {
    const error = query.error;
    body = (
      <p className="error-text" role="alert">
        {error instanceof ApiError && error.status === 404
          ? `There is no member named "${username}".`
          : error.message}
      </p>
    );
  } else {
    body = (
      <>
        {conversation?.origin_post && (
          <p className="conversation-origin muted">
            About{" "}
            <Link to={`/articles/${conversation.origin_post.id}`}>
              {conversation.origin_post.title}
            </Link>
            , <StartedOn iso={conversation.started_at} />
          </p>
        )}
        {conversation?.status === "request" && <RequestAnswer username={other.username} />}
        <MessageList
          label={`Messages with ${other.username}`}
          reportType="direct-message"
          messages={messages.map((m) => asLogMessage(m, photoOf))}
          outgoing={sender.outgoing}
          viewer={{ name: me.username, username: me.username, photoUrl: me.photoUrl }}
          onRetry={sender.retry}
          older={{
            hasMore: query.hasNextPage,
            loading: query.isFetchingNextPage,
            load: () => void query.fetchNextPage(),
          }}
        />
        <MessageForm onSend={sender.send} />
      </>
    );
  }

  return (
    <section className="chat conversation" aria-label={`Conversation with ${other.username}`}>
      <title>{`${other.username} · Chat · Your Local Talents`}</title>
      <header className="chat-header conversation-header">
        {/* One line on a 360 px phone (issue 34): a short way back, the avatar, the name cut if long. */}
        <Link
          to="/messages"
          className="button button-ghost button-small conversation-back"
          aria-label="Back to messages"
        >
          <span aria-hidden="true">←</span>
          <span className="conversation-back-label">Messages</span>
        </Link>
        <Avatar name={other.username} imageUrl={other.img_url} size={40} />
        <h1 className="conversation-title">{other.username}</h1>
      </header>
      {body}
    </section>
  );
}
