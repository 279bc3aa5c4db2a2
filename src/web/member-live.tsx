import { LiveConnection } from "./live/index.ts";
import { LiveConversationUpdates } from "./messages/live-conversation-updates.tsx";
import { MessagesLink } from "./messages/messages-link.tsx";
import { ModerationLink } from "./moderation/moderation-link.tsx";

/**
 * What only a signed-in member's tab runs, in a chunk of its own that signed-out visitors never
 * load: the tab's one live socket (off /chatapp) and the conversation caches its frames update
 * (issue 17), and the top bar's links with their counts.
 */
export function MemberLive() {
  return (
    <>
      <LiveConnection />
      <LiveConversationUpdates />
    </>
  );
}

/** The top bar's member links: "Messages (N)", and "Moderation (N)" for moderators. */
export function MemberLinks() {
  return (
    <>
      <MessagesLink />
      <ModerationLink />
    </>
  );
}
