import { Navigate, useLocation, useSearchParams } from "react-router";
import { signInPathFor, useSession } from "../auth/index.ts";
import { ConversationsLayout } from "../messages/index.ts";
import { useFullHeightScreen } from "../ui/full-height-screen.ts";
import { ChatRoom, type ChatViewer, chatViewerOf } from "./chat-room.tsx";
import { useChat } from "./use-chat.ts";
import "./chat.css";

/**
 * /chatapp: the public room (SPEC §2) for everyone; `?with=<username>` opens a member's
 * conversation with that member ("Chat to {username}", issue 17), after signing in when signed
 * out, with their inbox beside it on wide screens; `&post=<id>` names the post "Chat to" was
 * pressed on, kept as the conversation's origin if it starts one. Both fill the screen (issue 34).
 */
export function ChatPage() {
  useFullHeightScreen();
  const session = useSession();
  const location = useLocation();
  const [params] = useSearchParams();
  const withName = params.get("with") || null;
  const fromPost = Number(params.get("post")) || undefined;
  if (session.isPending) return <p className="muted">Loading...</p>;
  const viewer = chatViewerOf(session.data);
  if (withName && session.isSuccess && !viewer) {
    return <Navigate to={signInPathFor(location.pathname + location.search)} replace />;
  }
  return <ChatScreen viewer={viewer} withName={withName} fromPost={fromPost} />;
}

function ChatScreen({
  viewer,
  withName,
  fromPost,
}: {
  viewer: ChatViewer | null;
  withName: string | null;
  fromPost: number | undefined;
}) {
  // The room stays joined while a conversation shows; its frames and the member's direct
  // messages come on the tab's one socket.
  const chat = useChat(viewer?.id ?? "anonymous");
  if (!withName || !viewer?.hasProfile || !viewer.username) {
    return <ChatRoom viewer={viewer} chat={chat} />;
  }
  return (
    <ConversationsLayout
      me={{ username: viewer.username, photoUrl: viewer.photoUrl }}
      withName={withName}
      fromPost={fromPost}
    />
  );
}
