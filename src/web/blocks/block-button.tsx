import { useState } from "react";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { notify } from "../ui/notify.tsx";
import { useSetBlocked } from "./api/set-blocked.ts";

/**
 * "Block" on another member's profile (the caller asks canBlock), confirmed first: the viewer stops
 * seeing them, silently.
 */
export function BlockButton({ username }: { username: string }) {
  const block = useSetBlocked(true);
  const [confirming, setConfirming] = useState(false);

  const confirm = () => {
    if (block.isPending) return;
    block.mutate(username, {
      onSuccess: () => setConfirming(false),
      onError: (error) => {
        setConfirming(false);
        notify(error.message, "error");
      },
    });
  };

  return (
    <>
      <button
        type="button"
        className="button button-ghost"
        aria-haspopup="dialog"
        onClick={() => setConfirming(true)}
      >
        Block
      </button>
      <ConfirmDialog
        open={confirming}
        title={`Block @${username}?`}
        confirmLabel="Block"
        pending={block.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
      >
        <p>
          You won't see their posts, reviews or chat messages, and they can't review you. They are
          not told. You can unblock them at any time.
        </p>
      </ConfirmDialog>
    </>
  );
}
