import { type ReactNode, useState } from "react";
import { useNavigate } from "react-router";
import { useConversations } from "./api/get-conversations.ts";
import { ConversationList } from "./conversation-list.tsx";
import { ConversationView, type Me } from "./conversation-view.tsx";
import "./messages.css";

type Pane = "room" | "conversations";

/**
 * /chatapp for a member: the conversations beside the main pane (the room, or the conversation
 * `?with=` names) on wide screens; on phones a switch between "Room" and "Conversations", a
 * conversation counting as the latter, shown once there is a conversation to switch to (until
 * then the phone's room is as it was). One main pane at a time, so its log and form are the only ones.
 */
export function ConversationsLayout({
  me,
  withName,
  room,
}: {
  me: Me;
  withName: string | null;
  room: ReactNode;
}) {
  const navigate = useNavigate();
  const [tab, setTab] = useState<Pane>("room");
  const conversations = useConversations();
  const switchShown = withName !== null || (conversations.data?.length ?? 0) > 0;
  const selected: Pane = withName ? "conversations" : tab;
  const listShown = selected === "conversations" && !withName;

  const choose = (pane: Pane) => {
    setTab(pane);
    if (withName) void navigate("/chatapp");
  };

  return (
    <div className={listShown ? "chatapp chatapp-list-shown" : "chatapp"}>
      {switchShown && (
        <div className="chatapp-tabs" role="tablist" aria-label="Chat">
          {(["room", "conversations"] as const).map((pane) => (
            <button
              key={pane}
              type="button"
              role="tab"
              aria-selected={selected === pane}
              className="chatapp-tab"
              onClick={() => choose(pane)}
            >
              {pane === "room" ? "Room" : "Conversations"}
            </button>
          ))}
        </div>
      )}
      <div className="chatapp-side">
        <ConversationList me={me.username} current={withName} />
      </div>
      <div className="chatapp-main">
        {withName ? (
          <ConversationView key={withName.toLowerCase()} username={withName} me={me} />
        ) : (
          room
        )}
      </div>
    </div>
  );
}
