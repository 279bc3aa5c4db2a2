import { MutationButton } from "../ui/mutation-button.tsx";
import { useLiftSuspension } from "./api/lift-suspension.ts";

/** Ends a member's suspension at once: they may sign in again. */
export function LiftSuspensionButton({
  username,
  reason = "",
}: {
  username: string;
  reason?: string;
}) {
  const lift = useLiftSuspension();
  return (
    <MutationButton
      mutation={lift}
      variables={{ username, reason }}
      successText={`Lifted the suspension of @${username}.`}
    >
      Lift the suspension of @{username}
    </MutationButton>
  );
}
