import { type ReactNode, useState } from "react";
import { ConfirmDialog } from "./confirm-dialog.tsx";
import { notify } from "./notify.tsx";

type Props = {
  /** The button's text. */
  label: ReactNode;
  className?: string;
  disabled?: boolean;
  describedBy?: string;
  /** The dialog's question ("Delete your review?"), its confirming button, and what it says. */
  question: string;
  confirmLabel: string;
  explanation: ReactNode;
  /** When the dialog opens: choices inside it start over. */
  onOpen?: () => void;
  /** The action (a mutation's mutateAsync) and whether it is under way: the dialog waits. */
  action: () => Promise<unknown>;
  pending: boolean;
  /** The notice once it is done; none where what follows says so. */
  successText?: string;
  onDone?: () => unknown;
};

/**
 * A button for what cannot be undone: it asks first (ConfirmDialog), then acts, and says how it
 * went — the failure's message, and `successText`.
 */
export function ConfirmButton({
  label,
  className = "button button-ghost",
  disabled,
  describedBy,
  question,
  confirmLabel,
  explanation,
  onOpen,
  action,
  pending,
  successText,
  onDone,
}: Props) {
  const [open, setOpen] = useState(false);
  const confirm = () => {
    if (pending) return;
    action().then(
      () => {
        setOpen(false);
        if (successText) notify(successText, "success");
        return onDone?.();
      },
      (error: Error) => {
        setOpen(false);
        notify(error.message, "error");
      },
    );
  };
  return (
    <>
      <button
        type="button"
        className={className}
        aria-haspopup="dialog"
        aria-describedby={describedBy}
        disabled={disabled}
        onClick={() => {
          onOpen?.();
          setOpen(true);
        }}
      >
        {label}
      </button>
      <ConfirmDialog
        open={open}
        title={question}
        confirmLabel={confirmLabel}
        pending={pending}
        onConfirm={confirm}
        onCancel={() => setOpen(false)}
      >
        {explanation}
      </ConfirmDialog>
    </>
  );
}
