import { Navigate, useLocation, useSearchParams } from "react-router";
import { signInPathFor, useSession } from "../auth/index.ts";
import { ConversationsLayout } from "../messages/index.ts";
import { ChatRoom, type ChatViewer, chatViewerOf } from "./chat-room.tsx";
import { useChat } from "./use-chat.ts";
import "./chat.css";

/**
 * /chatapp: the public room (SPEC §2) for everyone, with a member's conversations around it
 * (issue 17); `?with=<username>` opens that conversation, after signing in when signed out.
 */
export function ChatPage() {
  const session = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const withName = params.get("with") || null;
  if (session.isPending) return <p className="muted">Loading...</p>;
  const viewer = chatViewerOf(session.data);
  if (withName && session.isSuccess && !viewer) {
    return <Navigate to={signInPathFor(location.pathname + location.search)} replace />;
  }
  return <ChatScreen viewer={viewer} withName={withName} />;
}

function ChatScreen({ viewer, withName }: { viewer: ChatViewer | null; withName: string | null }) {
  // The room stays joined while a conversation shows; its frames and the member's direct
  // messages come on the tab's one socket.
  const chat = useChat(viewer?.id ?? "anonymous");
  const room = <ChatRoom viewer={viewer} chat={chat} />;
  if (!viewer?.hasProfile || !viewer.username) return room;
  return (
    <ConversationsLayout
      me={{ username: viewer.username, photoUrl: viewer.photoUrl }}
      withName={withName}
      room={room}
    />
  );
}
