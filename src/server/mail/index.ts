/** What other features may use of mail (decision 007). */
export { appLink } from "./app-link.ts";
export { devMailViewer } from "./dev-mail-viewer.ts";
export { mailRoutes } from "./mail-routes.ts";
export type { MailSenderOptions } from "./mail-sender.ts";
export { mailAvailable } from "./mail-transport.ts";
export { forgetMailTo, type OutgoingMail, queueMail } from "./outbox.ts";
export { registerOutboxMetrics } from "./outbox-metrics.ts";
export { mailsToWithinHour } from "./recent-mails.ts";
export { registerMailSender } from "./register-mail-sender.ts";
export { type MailContent, renderMail } from "./render-mail.ts";
