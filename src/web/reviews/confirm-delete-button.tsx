import { useState } from "react";
import { ConfirmDialog } from "../ui/confirm-dialog.tsx";
import { notify } from "../ui/notify.tsx";

type Props = {
  /** What the dialog asks ("Delete your review?") and says (what goes with it). */
  question: string;
  explanation: string;
  /** What the notice says once it is gone. */
  done: string;
  /** The deletion (a mutation's mutateAsync) and whether it is under way. */
  remove: () => Promise<unknown>;
  pending: boolean;
  describedBy?: string;
  onDeleted?: () => void;
};

/** A small "Delete" that asks first (ConfirmDialog), then deletes and says so. */
export function ConfirmDeleteButton({
  question,
  explanation,
  done,
  remove,
  pending,
  describedBy,
  onDeleted,
}: Props) {
  const [open, setOpen] = useState(false);
  const confirm = () =>
    remove().then(
      () => {
        setOpen(false);
        notify(done, "success");
        onDeleted?.();
      },
      (error: Error) => {
        setOpen(false);
        notify(error.message, "error");
      },
    );
  return (
    <>
      <button
        type="button"
        className="button button-ghost button-small"
        aria-haspopup="dialog"
        aria-describedby={describedBy}
        onClick={() => setOpen(true)}
      >
        Delete
      </button>
      <ConfirmDialog
        open={open}
        title={question}
        confirmLabel="Delete"
        pending={pending}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      >
        <p>{explanation}</p>
      </ConfirmDialog>
    </>
  );
}
