import { desc } from "drizzle-orm";
import type { FastifyPluginAsync } from "fastify";
import { mailOutbox } from "../db/tables/mail.ts";
import { notFound } from "../http/app-error.ts";
import { escapeHtml } from "../http/escape-html.ts";

/** The newest mails the viewer lists. */
const SHOWN = 50;

/** A mail's text, escaped, its http(s) links made clickable (the verification link above all). */
function textWithLinks(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"]+)/g)
    .map((part, index) =>
      index % 2 === 1 ? `<a href="${escapeHtml(part)}">${escapeHtml(part)}</a>` : escapeHtml(part),
    )
    .join("");
}

type ShownMail = { to: string; subject: string; text: string; createdAt: string };

function page(mails: ShownMail[]): string {
  const items = mails
    .map(
      (mail) => `<article>
<h2>${escapeHtml(mail.subject)}</h2>
<p>To ${escapeHtml(mail.to)} · <time datetime="${escapeHtml(mail.createdAt)}">${escapeHtml(mail.createdAt)}</time></p>
<pre>${textWithLinks(mail.text)}</pre>
</article>`,
    )
    .join("\n<hr>\n");
  return `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mail (development) · Your Local Talents</title></head>
<body>
<main>
<h1>Mail the app would have sent</h1>
<p>Development only: the outbox, newest first (the last ${SHOWN}). Reload to see new mail.</p>
${items || "<p>No mail yet. Register, or ask for a password reset, and it shows here.</p>"}
</main>
</body>
</html>`;
}

/**
 * GET /dev/mail (issue 34): with DEV_MAIL_VIEWER outside production, the outbox as a page, so a
 * verification link is a click away instead of one line among the request log's. Otherwise the
 * path answers 404 (not the web app's page), so nobody learns more than that it is not there.
 */
export const devMailViewer: FastifyPluginAsync = async (app) => {
  const on = app.config.devMailViewer && app.config.nodeEnv !== "production";
  app.get("/dev/mail", { schema: { hide: true } }, async (_request, reply) => {
    if (!on) throw notFound("No route for GET /dev/mail.");
    const rows = await app.database.db
      .select({
        to: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        text: mailOutbox.textBody,
        createdAt: mailOutbox.createdAt,
      })
      .from(mailOutbox)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(SHOWN);
    const mails = rows.map((row) => ({ ...row, createdAt: new Date(row.createdAt).toISOString() }));
    return reply
      .header("Cache-Control", "no-store")
      .type("text/html; charset=utf-8")
      .send(page(mails));
  });
};
