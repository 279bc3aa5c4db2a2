/** What other features may use of mail (decision 007). */
export { appLink } from "./app-link.ts";
export { mailAvailable } from "./mail-transport.ts";
export { type OutgoingMail, queueMail } from "./outbox.ts";
export { type MailContent, renderMail } from "./render-mail.ts";
