import { Link } from "react-router";
import { canPublish } from "../../shared/policies.ts";
import { useSession } from "../auth/index.ts";
import { useFullHeightScreen } from "../ui/full-height-screen.ts";
import { ConversationsLayout } from "./conversations-layout.tsx";

/**
 * /messages, the inbox (issue 34): the member's conversations, requests first; "Messages" in the
 * top bar leads here (or straight into the one conversation with unread messages), while the
 * public room stays behind "Chat" (/chatapp). Signed out, the route's guard sends to sign in.
 */
export function MessagesPage() {
  useFullHeightScreen();
  const session = useSession();
  const profile = session.data?.profile;
  if (!canPublish(profile) || !profile) {
    return (
      <p className="chat-invite">
        <Link to="/createYourUser">Create your profile</Link> to write to other members.
      </p>
    );
  }
  return (
    <div className="messages-page">
      <title>Messages · Your Local Talents</title>
      <h1 className="visually-hidden">Messages</h1>
      <ConversationsLayout
        me={{ username: profile.username, photoUrl: profile.img_url }}
        withName={null}
      />
    </div>
  );
}
