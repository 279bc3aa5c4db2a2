import { ConfirmButton } from "../ui/confirm-button.tsx";
import { useSetBlocked } from "./api/set-blocked.ts";

/**
 * "Block" on another member's profile (the caller asks canBlock), confirmed first: the viewer stops
 * seeing them, silently.
 */
export function BlockButton({ username }: { username: string }) {
  const block = useSetBlocked(true);
  return (
    <ConfirmButton
      label="Block"
      question={`Block @${username}?`}
      confirmLabel="Block"
      explanation={
        <p>
          You won't see their posts, reviews, replies or messages, and nobody else sees a review
          they write of you. They are not told. You can unblock them at any time.
        </p>
      }
      action={() => block.mutateAsync(username)}
      pending={block.isPending}
    />
  );
}
