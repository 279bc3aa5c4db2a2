import { useState } from "react";
import type { ReportTarget } from "../../shared/moderation.ts";
import { canReport } from "../../shared/policies.ts";
import { useSession } from "../auth/index.ts";
import { ReportDialog } from "./report-dialog.tsx";
import { ReportOpenButton } from "./report-open-button.tsx";

type Props = {
  target: ReportTarget;
  /** The item's author: nobody reports what they wrote. */
  author: string;
  /** The id of what names the item (its title), so each Report says what it is about. */
  describedBy?: string;
  /** A small button, for an item in a list. */
  small?: boolean;
};

/**
 * "Report" on an item someone else wrote, for signed-in members with a profile (canReport); opens
 * the report dialog, and says "Reported" once the report is received (the server refuses a second
 * open report anyway: 409). Nothing for anyone else.
 */
export function ReportButton({ target, author, describedBy, small = false }: Props) {
  const session = useSession();
  const [open, setOpen] = useState(false);
  const [reported, setReported] = useState(false);
  if (!canReport(session.data?.profile, { username: author })) return null;
  const className = small ? "button button-ghost button-small" : "button button-ghost";
  if (reported) {
    return (
      <button type="button" className={className} aria-describedby={describedBy} disabled>
        Reported
      </button>
    );
  }
  return (
    <>
      <ReportOpenButton
        className={className}
        describedBy={describedBy}
        onOpen={() => setOpen(true)}
      />
      <ReportDialog
        target={open ? target : null}
        onClose={() => setOpen(false)}
        onSent={() => setReported(true)}
      />
    </>
  );
}
