import type { FastifyBaseLogger } from "fastify";
import type { Transporter } from "nodemailer";
import type { Config } from "../config.ts";
import type { OutgoingMail } from "./outbox.ts";
import { linksIn } from "./render-mail.ts";

/** Hands one message on; throws when it was not accepted (see isPermanentFailure). */
export type MailTransport = {
  /** How the start-up line names it. */
  description: string;
  send(mail: OutgoingMail): Promise<void>;
};

/** Connecting and each SMTP step give up well within the sender's lease. */
const SMTP_TIMEOUTS = { connectionTimeout: 10_000, greetingTimeout: 10_000, socketTimeout: 30_000 };

/**
 * SMTP through nodemailer; one connection per message (the outbox is not a bulk mailer).
 * nodemailer loads with the first message, not at start (issue 21: ~40 ms of the start's CPU).
 */
export function smtpTransport(smtpUrl: string, from: string): MailTransport {
  const url = new URL(smtpUrl);
  let transporter: Promise<Transporter> | undefined;
  return {
    description: `SMTP at ${url.hostname}:${url.port || (url.protocol === "smtps:" ? 465 : 587)}`,
    send: async (mail) => {
      transporter ??= import("nodemailer").then(({ default: nodemailer }) =>
        nodemailer.createTransport({ url: smtpUrl, ...SMTP_TIMEOUTS }),
      );
      await (await transporter).sendMail({
        from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        html: mail.html,
        ...(mail.headers ? { headers: mail.headers } : {}),
      });
    },
  };
}

/** Development and tests without SMTP_URL: the message's recipient, subject and links go to the log. */
export function logTransport(log: FastifyBaseLogger): MailTransport {
  return {
    description: "this log",
    send: async (mail) => {
      log.info(
        { mail: { to: mail.to, subject: mail.subject, links: linksIn(mail.text) } },
        "mail (no SMTP_URL: written here, not sent)",
      );
    },
  };
}

type SmtpError = { code?: unknown; responseCode?: unknown; response?: unknown; message?: unknown };

/**
 * Whether retrying cannot help: the server refused the message or its recipient for good (5xx), or
 * there is no valid recipient. A refused login (EAUTH) is the operator's to fix: it is retried.
 */
export function isPermanentFailure(error: unknown): boolean {
  const { code, responseCode } = (error ?? {}) as SmtpError;
  if (code === "EAUTH") return false;
  if (typeof responseCode === "number") return responseCode >= 500 && responseCode < 600;
  return code === "EENVELOPE";
}

/**
 * A run of address characters with an @ inside. The lookbehind lets a match start only where a run
 * starts: without it, a long run with no @ was scanned again from each of its characters.
 */
const ADDRESS = /(?<![^\s<>"'(),;:])[^\s<>"'(),;:]+@[^\s<>"'(),;:]+/g;

/** The failure in one line for logs and `last_error`, with any mail address in it left out. */
export function describeFailure(error: unknown): string {
  const { code, message } = (error ?? {}) as SmtpError;
  const text = typeof message === "string" ? message : String(error);
  return `${typeof code === "string" ? `${code}: ` : ""}${text}`
    .replace(ADDRESS, "<address>")
    .replace(/\s+/g, " ")
    .slice(0, 500);
}

/** The part of an address after its last @, which is all the logs name of a recipient. */
export function recipientDomain(address: string): string {
  return address.slice(address.lastIndexOf("@") + 1).toLowerCase();
}

/** Whether this server can send mail: false only in production without SMTP_URL. */
export function mailAvailable(config: Config): boolean {
  return config.mail.smtpUrl !== undefined || config.nodeEnv !== "production";
}

/** SMTP when SMTP_URL is set; else the log outside production; else nothing (mail stays queued). */
export function transportFor(config: Config, log: FastifyBaseLogger): MailTransport | undefined {
  if (config.mail.smtpUrl) return smtpTransport(config.mail.smtpUrl, config.mail.from);
  return mailAvailable(config) ? logTransport(log) : undefined;
}
