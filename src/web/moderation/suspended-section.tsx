import { Link } from "react-router";
import { useSuspendedMembers } from "./api/get-suspended.ts";
import { LiftSuspensionButton } from "./lift-suspension-button.tsx";
import { ModerationSection } from "./moderation-section.tsx";
import { suspensionText } from "./moderation-texts.ts";

/**
 * Moderation → Suspended members (issue 34): everyone suspended now, the soonest to end first, each
 * with Lift, so a suspension stays within reach once the report that led to it is closed.
 */
export function SuspendedSection() {
  const suspended = useSuspendedMembers();
  return (
    <ModerationSection title="Suspended members" query={suspended} what="the suspended members">
      {(members) =>
        members.length === 0 ? (
          <p className="muted">Nobody is suspended.</p>
        ) : (
          <ul className="moderation-suspended-list">
            {members.map((member) => (
              <li key={member.username} className="card moderation-suspended-member">
                <Link to={`/user/${encodeURIComponent(member.username)}`}>@{member.username}</Link>
                <p className="moderation-suspended">{suspensionText(member)}</p>
                <LiftSuspensionButton username={member.username} />
              </li>
            ))}
          </ul>
        )
      }
    </ModerationSection>
  );
}
