import { canModerate } from "../../shared/policies.ts";
import { useSession } from "../auth/index.ts";
import { useMemberSuspension } from "./api/get-member-suspension.ts";
import { LiftSuspensionButton } from "./lift-suspension-button.tsx";
import { moderationActor } from "./moderation-actor.ts";
import { suspensionText } from "./moderation-texts.ts";

/**
 * On a member's profile, to moderators only (issue 34): whether the member is suspended, until
 * when, and Lift. Nothing for anyone else, and nothing while the member is not suspended.
 */
export function MemberSuspensionStatus({ username }: { username: string }) {
  const session = useSession();
  const actor = moderationActor(session.data);
  if (!canModerate(actor) || actor?.username === username) return null;
  return <SuspensionStatus username={username} />;
}

function SuspensionStatus({ username }: { username: string }) {
  const suspension = useMemberSuspension(username);
  const text = suspension.data ? suspensionText(suspension.data) : null;
  if (!text) return null;
  return (
    <div className="profile-suspension">
      <p>{text}</p>
      <LiftSuspensionButton username={username} />
    </div>
  );
}
