import { LiveConnection } from "./live/index.ts";
import { LiveConversationUpdates } from "./messages/live-conversation-updates.tsx";
import { MessagesLink } from "./messages/messages-link.tsx";
import { ModerationLink } from "./moderation/moderation-link.tsx";
import { LiveNotificationUpdates, NotificationsLink } from "./notifications/index.ts";

/**
 * What only a signed-in member's tab runs, in a chunk of its own that signed-out visitors never
 * load: the claim on the tab's live socket and the conversation caches its frames update
 * (issue 17), and the top bar's links with their counts.
 */
export function MemberLive() {
  return (
    <>
      <LiveConnection />
      <LiveConversationUpdates />
      <LiveNotificationUpdates />
    </>
  );
}

/** The top bar's member links: the bell ("Notifications (N)") and "Messages (N)". */
export function MemberLinks() {
  return (
    <>
      <NotificationsLink />
      <MessagesLink />
    </>
  );
}

/** The top bar menu's member links: "Moderation (N)" for moderators. */
export function MemberMenuLinks() {
  return <ModerationLink />;
}
