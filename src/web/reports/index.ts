// What other features use of reports: the Report button on an item, and the dialog alone for a
// list that shares one (the chat room).
export { ReportButton } from "./report-button.tsx";
export { loadReportForm, ReportDialog } from "./report-dialog.tsx";
