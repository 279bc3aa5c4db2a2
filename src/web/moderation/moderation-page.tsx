import { Link, Navigate } from "react-router";
import { canModerate } from "../../shared/policies.ts";
import { SessionUnknown, signInPathFor, useSession } from "../auth/index.ts";
import { NotFoundPage } from "../ui/not-found-page.tsx";
import { HiddenSection } from "./hidden-section.tsx";
import { LogSection } from "./log-section.tsx";
import { moderationActor } from "./moderation-actor.ts";
import { QueueSection } from "./queue-section.tsx";
import { SuspendedSection } from "./suspended-section.tsx";
import "./moderation.css";

/**
 * /moderation, for moderators only (anyone else gets the not-found page, as for an address that
 * does not exist): the reports queue, what is hidden,
 * who is suspended, and the log.
 */
export function ModerationPage() {
  const session = useSession();
  if (!session.isSuccess) return <SessionUnknown session={session} title="Moderation" />;
  // Signed out: sign in first, then back here (issue 20); a member who is no moderator: not found.
  if (!session.data.user) return <Navigate to={signInPathFor("/moderation")} replace />;
  const actor = moderationActor(session.data);
  if (!canModerate(actor)) return <NotFoundPage />;
  return (
    <div className="moderation-page">
      <title>Moderation · Your Local Talents</title>
      <h1>Moderation</h1>
      <p>
        <Link to="/moderation/skills">Edit the skill list</Link>
      </p>
      <QueueSection viewer={actor?.username || null} />
      <HiddenSection />
      <SuspendedSection />
      <LogSection />
    </div>
  );
}
