import { ConversationList } from "./conversation-list.tsx";
import { ConversationView, type Me } from "./conversation-view.tsx";
import "./messages.css";

/**
 * A member's messages (issue 34): the inbox (/messages) and a conversation (/chatapp?with=). On
 * wide screens the list sits beside the open conversation (or a line asking to choose one); on
 * phones one of them fills the screen: the list on /messages, requests first, so nothing waits
 * behind a second tab; the conversation when one is open, with its way back to the list.
 */
export function ConversationsLayout({
  me,
  withName,
  fromPost,
}: {
  me: Me;
  withName: string | null;
  /** The post the conversation would start from ("Chat to" on it). */
  fromPost?: number | undefined;
}) {
  return (
    <div className={withName ? "chatapp chatapp-conversation-open" : "chatapp"}>
      <div className="chatapp-side">
        <ConversationList me={me.username} current={withName} />
      </div>
      <div className="chatapp-main">
        {withName ? (
          <ConversationView
            key={withName.toLowerCase()}
            username={withName}
            me={me}
            fromPost={fromPost}
          />
        ) : (
          <p className="chatapp-choose muted">Choose a conversation to read it here.</p>
        )}
      </div>
    </div>
  );
}
