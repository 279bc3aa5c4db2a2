import { escapeHtml } from "../http/escape-html.ts";
import type { OutgoingMail } from "./outbox.ts";

export const PRODUCT_NAME = "Your Local Talents";

export type MailContent = {
  to: string;
  subject: string;
  heading: string;
  paragraphs: string[];
  /** The one link of the message (a one-time link, built with appLink). */
  action?: { label: string; url: string };
};

/**
 * A message in plain text and simple HTML, both with the product name and the action's link; every
 * text is escaped in the HTML. Nothing but what the caller gives goes in: no secret but the link.
 */
export function renderMail({
  to,
  subject,
  heading,
  paragraphs,
  action,
}: MailContent): OutgoingMail {
  const text = [
    heading,
    ...paragraphs,
    ...(action ? [`${action.label}:\n${action.url}`] : []),
    `— ${PRODUCT_NAME}`,
  ].join("\n\n");

  const p = (inner: string) => `<p style="margin:0 0 16px">${inner}</p>`;
  const link = action
    ? p(
        `<a href="${escapeHtml(action.url)}" style="display:inline-block;padding:10px 18px;background:#1d4ed8;color:#ffffff;text-decoration:none;border-radius:6px">${escapeHtml(action.label)}</a>`,
      ) +
      p(
        `If the button does not work, open this address:<br><a href="${escapeHtml(action.url)}">${escapeHtml(action.url)}</a>`,
      )
    : "";
  const html = `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${escapeHtml(subject)}</title></head>
<body style="margin:0;padding:24px;font-family:system-ui,sans-serif;font-size:16px;line-height:1.5;color:#111827">
<h1 style="margin:0 0 16px;font-size:20px">${escapeHtml(heading)}</h1>
${paragraphs.map((paragraph) => p(escapeHtml(paragraph))).join("\n")}
${link}
<p style="margin:24px 0 0;color:#6b7280">${PRODUCT_NAME}</p>
</body>
</html>
`;
  return { to, subject, text, html };
}

/** The http(s) links of a plain-text body, in order. */
export function linksIn(text: string): string[] {
  return text.match(/https?:\/\/[^\s<>"]+/g) ?? [];
}
