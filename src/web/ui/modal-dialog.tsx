import { type ReactNode, useEffect, useId, useRef } from "react";

type Props = {
  open: boolean;
  /** The dialog's heading, and so its accessible name. */
  title: string;
  /** Escape, or the caller's own Cancel or Close. */
  onClose: () => void;
  /** While its action is under way Escape does not close it. */
  closable?: boolean;
  children: ReactNode;
};

/**
 * A modal dialog: the browser's own (focus kept inside, the page behind inert, Escape closes),
 * opened and closed by `open`, named by its heading. What it holds is drawn only while it is open,
 * so a form inside starts afresh each time.
 */
export function ModalDialog({ open, title, onClose, closable = true, children }: Props) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();

  useEffect(() => {
    const element = dialog.current;
    if (!element) return;
    if (open && !element.open) element.showModal();
    if (!open && element.open) element.close();
  }, [open]);

  return (
    <dialog
      ref={dialog}
      className="dialog"
      aria-labelledby={titleId}
      onCancel={(event) => {
        event.preventDefault();
        if (closable) onClose();
      }}
    >
      <h2 id={titleId}>{title}</h2>
      {open && children}
    </dialog>
  );
}
