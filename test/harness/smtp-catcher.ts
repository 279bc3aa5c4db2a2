import { EventEmitter } from "node:events";
import { simpleParser } from "mailparser";
import { SMTPServer } from "smtp-server";
import { linksIn } from "../../src/server/mail/render-mail.ts";
import { freePort } from "./server-process.ts";

/** One message as it arrived, parsed. */
export type CaughtMail = {
  /** The From header's address, e.g. no-reply@localhost. */
  from: string;
  /** The From header's display name, e.g. Your Local Talents. */
  fromName: string;
  /** The envelope's recipients (RCPT TO), lower case. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The http(s) links of the plain-text body, in order. */
  links: string[];
  /** Each header line as sent, by its lower-cased name (the last one when repeated). */
  headers: Record<string, string>;
};

/** How the catcher answers RCPT TO: accept, refuse for now (451) or for good (550). */
export type CatcherMode = "accept" | "temporary" | "permanent";

export type SmtpCatcher = {
  port: number;
  /** What to put in SMTP_URL. */
  url: string;
  /** Every message accepted so far, oldest first. */
  messages: CaughtMail[];
  /** How many recipients were refused (4xx or 5xx) so far. */
  refusals(): number;
  /** The first message (caught already or still to come) that matches; rejects after timeoutMs. */
  waitForMail(predicate?: (mail: CaughtMail) => boolean, timeoutMs?: number): Promise<CaughtMail>;
  setMode(mode: CatcherMode): void;
  /** Stops listening (connections are refused) until `up`, on the same port. */
  down(): Promise<void>;
  up(): Promise<void>;
  /** Forgets the messages and refusals so far. */
  clear(): void;
  stop(): Promise<void>;
};

/**
 * A real SMTP server on 127.0.0.1 for tests (the `smtp-server` package) that keeps what it receives,
 * parsed by `mailparser`. No TLS and any login accepted: it stands in for a mail provider.
 */
export async function startSmtpCatcher(port?: number): Promise<SmtpCatcher> {
  const chosenPort = port ?? (await freePort());
  const messages: CaughtMail[] = [];
  const arrivals = new EventEmitter();
  let mode: CatcherMode = "accept";
  let refused = 0;
  let server: SMTPServer | undefined;

  const refusal = (code: number, text: string) =>
    Object.assign(new Error(text), { responseCode: code });

  const createServer = () =>
    new SMTPServer({
      logger: false,
      disabledCommands: ["STARTTLS"],
      authOptional: true,
      allowInsecureAuth: true,
      onAuth: (_auth, _session, callback) => callback(null, { user: "test" }),
      onRcptTo: (_address, _session, callback) => {
        if (mode === "accept") return callback();
        refused += 1;
        callback(
          mode === "temporary"
            ? refusal(451, "Try again later")
            : refusal(550, "No such mailbox here"),
        );
      },
      onData: (stream, session, callback) => {
        simpleParser(stream)
          .then((parsed) => {
            const from = parsed.from?.value[0];
            const text = parsed.text ?? "";
            const mail: CaughtMail = {
              from: from?.address ?? "",
              fromName: from?.name ?? "",
              to: session.envelope.rcptTo.map((rcpt) => rcpt.address.toLowerCase()),
              subject: parsed.subject ?? "",
              text,
              html: typeof parsed.html === "string" ? parsed.html : "",
              links: linksIn(text),
              headers: Object.fromEntries(
                parsed.headerLines.map(({ key, line }) => [key, line.slice(key.length + 1).trim()]),
              ),
            };
            messages.push(mail);
            arrivals.emit("mail", mail);
            callback();
          })
          .catch((error: unknown) => callback(error as Error));
      },
    });

  const listen = async () => {
    const created = createServer();
    await new Promise<void>((resolve, reject) => {
      created.server.once("error", reject);
      created.listen(chosenPort, "127.0.0.1", () => {
        created.server.off("error", reject);
        resolve();
      });
    });
    server = created;
  };

  const close = async () => {
    const closing = server;
    server = undefined;
    if (closing) await new Promise<void>((resolve) => closing.close(() => resolve()));
  };

  await listen();
  return {
    port: chosenPort,
    url: `smtp://127.0.0.1:${chosenPort}`,
    messages,
    refusals: () => refused,
    waitForMail: (predicate = () => true, timeoutMs = 10_000) => {
      const already = messages.find(predicate);
      if (already) return Promise.resolve(already);
      return new Promise((resolve, reject) => {
        const onMail = (mail: CaughtMail) => {
          if (!predicate(mail)) return;
          clearTimeout(timeout);
          arrivals.off("mail", onMail);
          resolve(mail);
        };
        const timeout = setTimeout(() => {
          arrivals.off("mail", onMail);
          reject(
            new Error(
              `no matching mail within ${timeoutMs} ms; caught: ${JSON.stringify(messages.map((m) => ({ to: m.to, subject: m.subject })))}`,
            ),
          );
        }, timeoutMs);
        arrivals.on("mail", onMail);
      });
    },
    setMode: (next) => {
      mode = next;
    },
    down: close,
    up: async () => {
      if (!server) await listen();
    },
    clear: () => {
      messages.length = 0;
      refused = 0;
    },
    stop: close,
  };
}
