import { MutationButton } from "../ui/mutation-button.tsx";
import { useSetBlocked } from "./api/set-blocked.ts";
import "./blocks.css";

export const BLOCKED_TEXT =
  "You blocked this member. You won't see their posts, reviews or messages.";

/** On the profile of a member the viewer blocked: says so, with Unblock. */
export function BlockedNotice({ username }: { username: string }) {
  const unblock = useSetBlocked(false);
  return (
    <div className="card blocked-notice">
      <p>{BLOCKED_TEXT}</p>
      <MutationButton
        mutation={unblock}
        variables={username}
        successText={`Unblocked @${username}.`}
      >
        Unblock
      </MutationButton>
    </div>
  );
}
