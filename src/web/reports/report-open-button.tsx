import { PreloadingButton } from "../ui/preloading-button.tsx";
import { loadReportForm } from "./report-dialog.tsx";

type Props = { className: string; describedBy?: string | undefined; onOpen: () => void };

/** "Report": opens the report dialog, whose form starts loading as the pointer or focus nears. */
export function ReportOpenButton({ className, describedBy, onOpen }: Props) {
  return (
    <PreloadingButton
      className={className}
      describedBy={describedBy}
      opensDialog
      preload={loadReportForm}
      onClick={onOpen}
    >
      Report
    </PreloadingButton>
  );
}
