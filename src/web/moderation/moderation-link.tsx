import { Link } from "react-router";
import { canModerate } from "../../shared/policies.ts";
import { useSession } from "../auth/index.ts";
import { useOpenReportCount } from "./api/get-queue-count.ts";
import { moderationActor } from "./moderation-actor.ts";

/** The top bar's "Moderation (N)", N the items waiting; for moderators only. */
export function ModerationLink() {
  const session = useSession();
  const moderator = canModerate(moderationActor(session.data));
  const open = useOpenReportCount(moderator);
  if (!moderator) return null;
  return (
    <Link to="/moderation" className="button button-ghost">
      {open.data === undefined ? "Moderation" : `Moderation (${open.data})`}
    </Link>
  );
}
