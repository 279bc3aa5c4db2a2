import { useIsMutating } from "@tanstack/react-query";
import { lazy, Suspense } from "react";
import type { ReportTarget } from "../../shared/moderation.ts";
import { ModalDialog } from "../ui/modal-dialog.tsx";
import { createReportMutationKey } from "./api/create-report.ts";

// The form (react-hook-form and the schemas) loads when a reader reaches for Report, so no page
// that shows the button waits for it (decision 009).
export const loadReportForm = () => import("./report-form.tsx");
const ReportForm = lazy(() => loadReportForm().then((m) => ({ default: m.ReportForm })));

type Props = {
  /** The item being reported; null: the dialog is closed. */
  target: ReportTarget | null;
  onClose: () => void;
  /** Called once the report is received, before the dialog closes. */
  onSent?: () => void;
};

/** The "Report" dialog around the report form; it closes itself once the report is received. */
export function ReportDialog({ target, onClose, onSent }: Props) {
  const sending = useIsMutating({ mutationKey: createReportMutationKey }) > 0;
  return (
    <ModalDialog open={target !== null} title="Report" onClose={onClose} closable={!sending}>
      {target && (
        <Suspense fallback={<p className="muted">Loading...</p>}>
          <ReportForm
            target={target}
            onSent={() => {
              onSent?.();
              onClose();
            }}
            onCancel={onClose}
          />
        </Suspense>
      )}
    </ModalDialog>
  );
}
