import type { ReactNode } from "react";
import { ModalDialog } from "./modal-dialog.tsx";

type Props = {
  open: boolean;
  title: string;
  children: ReactNode;
  confirmLabel: string;
  /** The confirmed action is under way: both buttons wait, Escape does not close. */
  pending?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
};

/**
 * A modal question before something that cannot be undone (ModalDialog). The confirming button is
 * drawn as a danger; Cancel comes first and so has the focus when it opens: Enter alone destroys
 * nothing.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  pending = false,
  onConfirm,
  onCancel,
}: Props) {
  return (
    <ModalDialog open={open} title={title} onClose={onCancel} closable={!pending}>
      {children}
      <div className="button-row">
        <button type="button" className="button button-ghost" onClick={onCancel} disabled={pending}>
          Cancel
        </button>
        <button
          type="button"
          className="button button-danger"
          onClick={onConfirm}
          disabled={pending}
        >
          {confirmLabel}
        </button>
      </div>
    </ModalDialog>
  );
}
