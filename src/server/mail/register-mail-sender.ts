import type { FastifyInstance } from "fastify";
import { createMailSender, type MailSenderOptions } from "./mail-sender.ts";
import { transportFor } from "./mail-transport.ts";

/**
 * Says at start where mail goes, and runs the outbox's sender from the app's ready to its close.
 * Production without SMTP_URL has no sender: mail stays queued (the routes that send mail answer
 * mail-unavailable first) and goes out once SMTP_URL is set.
 */
export function registerMailSender(app: FastifyInstance, options?: MailSenderOptions): void {
  const transport = transportFor(app.config, app.log);
  if (!transport) {
    app.log.warn(
      "mail: no SMTP_URL, so no mail is sent (email verification and password reset are off); set SMTP_URL to send it",
    );
    return;
  }
  if (app.config.mail.smtpUrl) app.log.info(`mail: sent through ${transport.description}`);
  else {
    // Where else to read them (issue 34): one line among the request log's is easy to miss.
    const viewer = app.config.devMailViewer
      ? "and listed at /dev/mail"
      : "(DEV_MAIL_VIEWER=true, as npm run dev sets, also lists them at /dev/mail)";
    app.log.info(`mail: no SMTP_URL, messages are written to this log ${viewer}`);
  }
  const sender = createMailSender({ database: app.database, transport, log: app.log, options });
  app.addHook("onReady", () => sender.start());
  app.addHook("onClose", () => sender.stop());
}
