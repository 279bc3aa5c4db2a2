import { Link } from "react-router";
import type { ConversationSummary } from "../../shared/direct-messages.ts";
import { Avatar } from "../ui/avatar.tsx";
import { NextPageButton } from "../ui/next-page-button.tsx";
import { useConversations } from "./api/get-conversations.ts";
import { StartedOn, shortTime } from "./message-time.tsx";

/**
 * The address that opens the conversation with `username` on /chatapp (shareable); from a post,
 * `postId` names it, the conversation's origin if it starts one (issue 34).
 */
export const conversationAddress = (username: string, postId?: number) =>
  `/chatapp?with=${encodeURIComponent(username)}${postId ? `&post=${postId}` : ""}`;

function Entry({
  conversation,
  me,
  current,
}: {
  conversation: ConversationSummary;
  me: string;
  current: boolean;
}) {
  const { with: other, last_message: last, unread, origin_post: origin } = conversation;
  return (
    <li>
      <Link
        to={conversationAddress(other.username)}
        className={current ? "conversation-entry conversation-entry-current" : "conversation-entry"}
        aria-current={current ? "page" : undefined}
      >
        <Avatar name={other.username} imageUrl={other.img_url} size={40} />
        <span className="conversation-entry-body">
          <span className="conversation-entry-top">
            <span className="conversation-entry-name">{other.username}</span>
            {last && (
              <time dateTime={last.created_at} className="conversation-entry-time">
                {shortTime(last.created_at)}
              </time>
            )}
          </span>
          <span className="conversation-entry-bottom">
            <span className="conversation-entry-last">
              {last ? `${last.sender === me ? "You: " : ""}${last.text}` : "No messages yet"}
            </span>
            {unread > 0 && <span className="conversation-unread">{unread} unread</span>}
          </span>
          {origin && (
            // The title gives way to the date, which stays whole.
            <span className="conversation-entry-origin">
              <span className="conversation-entry-origin-title">About “{origin.title}”,</span>{" "}
              <span className="conversation-entry-started">
                <StartedOn iso={conversation.started_at} />
              </span>
            </span>
          )}
        </span>
      </Link>
    </li>
  );
}

function Section({
  title,
  conversations,
  me,
  current,
}: {
  title: string;
  conversations: ConversationSummary[];
  me: string;
  current: string | null;
}) {
  const headingId = `conversations-${title.toLowerCase()}`;
  return (
    <section aria-labelledby={headingId} className="conversation-section">
      <h3 id={headingId}>{title}</h3>
      <ul className="conversation-entries">
        {conversations.map((conversation) => (
          <Entry
            key={conversation.id}
            conversation={conversation}
            me={me}
            current={conversation.with.username.toLowerCase() === current?.toLowerCase()}
          />
        ))}
      </ul>
    </section>
  );
}

/** The loaded list: "Requests", then "Recent", then "Load more" while older ones remain. */
function ConversationSections({
  conversations,
  me,
  current,
}: {
  conversations: ReturnType<typeof useConversations>;
  me: string;
  current: string | null;
}) {
  const requests = conversations.data?.filter((c) => c.status === "request") ?? [];
  const others = conversations.data?.filter((c) => c.status !== "request") ?? [];
  return (
    <>
      {requests.length > 0 && (
        <Section title="Requests" conversations={requests} me={me} current={current} />
      )}
      {others.length > 0 && (
        <Section title="Recent" conversations={others} me={me} current={current} />
      )}
      <NextPageButton pages={conversations} className="button-small conversations-more">
        {conversations.isFetchingNextPage ? "Loading..." : "Load more"}
      </NextPageButton>
      {conversations.isFetchNextPageError && (
        <p className="error-text" role="alert">
          Older conversations could not be loaded. Please try again.
        </p>
      )}
    </>
  );
}

/**
 * The member's conversations (region "Conversations"): first the requests (someone wrote first
 * and waits for an answer), then the others, most recent first; each opens on /chatapp?with=.
 * Twenty at first; "Load more" adds the next older ones (a request among them joins "Requests").
 */
export function ConversationList({ me, current }: { me: string; current: string | null }) {
  const conversations = useConversations();
  return (
    <section aria-labelledby="conversations-heading" className="card conversations">
      <h2 id="conversations-heading">Conversations</h2>
      {conversations.isPending ? (
        <p className="muted">Loading...</p>
      ) : conversations.isError && !conversations.isFetchNextPageError ? (
        <p className="error-text" role="alert">
          Your conversations could not be loaded: {conversations.error.message}{" "}
          <button
            type="button"
            className="button button-small"
            onClick={() => void conversations.refetch()}
          >
            Try again
          </button>
        </p>
      ) : conversations.data.length === 0 ? (
        <p className="muted">
          No conversations yet. Use "Chat to" on a post or a profile to write to someone.
        </p>
      ) : (
        <ConversationSections conversations={conversations} me={me} current={current} />
      )}
    </section>
  );
}
