import { useQueryClient } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { Link } from "react-router";
import type { MeResponse } from "../../shared/identity.ts";
import { canPublish } from "../../shared/policies.ts";
import { sessionQueryKey } from "../api/query-keys.ts";
import { SignInLink } from "../auth/index.ts";
import { MessageForm, MessageList } from "../message-log/index.ts";
import { Avatar } from "../ui/avatar.tsx";
import { ConnectionStatus } from "./connection-status.tsx";
import type { useChat } from "./use-chat.ts";

export type ChatViewer = {
  id: string;
  name: string;
  /** The profile's username: the name our own messages carry. */
  username: string | null;
  photoUrl: string | null;
  hasProfile: boolean;
};

/** Who reads the room, from the session; null when signed out. */
export function chatViewerOf(session: MeResponse | undefined): ChatViewer | null {
  const user = session?.user ?? null;
  const profile = session?.profile ?? null;
  return user
    ? {
        id: user.id,
        name: profile?.username ?? user.displayName ?? "You",
        username: profile?.username ?? null,
        photoUrl: profile?.img_url ?? user.photoURL,
        hasProfile: canPublish(profile),
      }
    : null;
}

/**
 * /chatapp's public room (SPEC §2). Anyone reads; signed-in users with a profile write. `chat` is
 * the room's connection (useChat), held by the page so it stays open while a conversation shows.
 */
export function ChatRoom({
  viewer,
  chat,
}: {
  viewer: ChatViewer | null;
  chat: ReturnType<typeof useChat>;
}) {
  const queryClient = useQueryClient();
  // Once the server says the session ended, the page says so until someone signs in again, also
  // after the session refresh below has turned the page into the signed-out one.
  const [endedHere, setEndedHere] = useState(false);
  useEffect(() => {
    if (!chat.sessionEnded) return;
    setEndedHere(true);
    void queryClient.invalidateQueries({ queryKey: sessionQueryKey });
  }, [chat.sessionEnded, queryClient]);
  const sessionEnded = chat.sessionEnded || (endedHere && !viewer);
  const canSend = Boolean(viewer?.hasProfile) && !sessionEnded;
  return (
    <section className="chat">
      <title>Chat · Your Local Talents</title>
      <header className="chat-header">
        <h1>Chat</h1>
        {viewer && (
          <Avatar name={viewer.name} imageUrl={viewer.photoUrl} label="Your avatar" size={40} />
        )}
        <ConnectionStatus state={chat.connection} />
      </header>
      <MessageList
        messages={chat.messages}
        outgoing={canSend ? chat.outgoing : []}
        viewer={viewer}
        onRetry={chat.retry}
      />
      {canSend ? (
        <MessageForm onSend={chat.send} />
      ) : sessionEnded ? (
        <p className="chat-invite" role="alert">
          Your session has ended. <SignInLink /> again to join the conversation.
        </p>
      ) : viewer ? (
        <p className="chat-invite">
          <Link to="/createYourUser">Create your profile</Link> to join the conversation.
        </p>
      ) : (
        <p className="chat-invite">
          <SignInLink /> to join the conversation.
        </p>
      )}
    </section>
  );
}
