// What other features use of reports: the Report button on an item, and the dialog alone for a
// list that shares one (the chat room) with the button that opens it.
export { ReportButton } from "./report-button.tsx";
export { ReportDialog } from "./report-dialog.tsx";
export { ReportOpenButton } from "./report-open-button.tsx";
