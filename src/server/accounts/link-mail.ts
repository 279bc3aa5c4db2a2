import { randomUUID } from "node:crypto";
import type { FastifyRequest } from "fastify";
import { tooManyRequests } from "../auth/index.ts";
import type { Db } from "../db/database.ts";
import { appLink, mailAvailable, type OutgoingMail, queueMail } from "../mail/index.ts";
import { write } from "../write/index.ts";
import { mailUnavailable } from "./account-errors.ts";
import { expireUnusedTokens, issueAccountToken, type TokenPurpose } from "./account-tokens.ts";
import { accountQuota, addressQuota, type Quota } from "./mail-limits.ts";
import { changeEmailMail, resetPasswordMail, verificationMail } from "./messages.ts";

/** Each purpose's page in the web app, and its mail. */
const LINKS: Record<
  TokenPurpose,
  { path: string; mail: (to: string, url: string) => OutgoingMail }
> = {
  "verify-email": { path: "/verify-email", mail: verificationMail },
  "reset-password": { path: "/reset-password", mail: resetPasswordMail },
  "change-email": { path: "/verify-email", mail: changeEmailMail },
};

export type LinkMailOutcome =
  | { sent: true }
  | { sent: false; limit: "account" | "address"; retryAfterSeconds: number };

const refused = (limit: "account" | "address", quota: Quota): LinkMailOutcome => ({
  sent: false,
  limit,
  retryAfterSeconds: quota.allowed ? 1 : quota.retryAfterSeconds,
});

/**
 * A one-time link of `purpose` for account `userId`, mailed to `to`, within `tx`: the token row
 * and the outbox row commit together or not at all. Refused, with nothing written, past the
 * account's links of this purpose or the address's mails this hour.
 *
 * With `userId` null (forgot-password for an address without an account) it does the same look-ups,
 * locking, counting, token update and rendering, and only skips the two inserts, so the answer
 * takes about as long either way (measured: within a millisecond on PostgreSQL).
 */
export async function queueLinkMail(
  tx: Db,
  request: FastifyRequest,
  { userId, purpose, to }: { userId: string | null; purpose: TokenPurpose; to: string },
): Promise<LinkMailOutcome> {
  // Without an account: an id of no account (a fresh one, so no two requests share a lock).
  const accountId = userId ?? randomUUID();
  const account = await accountQuota(tx, accountId, purpose);
  if (!account.allowed) return refused("account", account);
  const address = await addressQuota(tx, to);
  if (!address.allowed) return refused("address", address);
  const link = LINKS[purpose];
  let token = "none";
  if (userId) token = await issueAccountToken(tx, { userId, purpose, email: to });
  else await expireUnusedTokens(tx, accountId, purpose);
  const mail = link.mail(to, appLink(request, `${link.path}?token=${token}`));
  if (userId) await queueMail(tx, mail);
  return { sent: true };
}

/** queueLinkMail in a transaction of its own. */
export function sendLinkMail(
  db: Db,
  request: FastifyRequest,
  link: { userId: string | null; purpose: TokenPurpose; to: string },
): Promise<LinkMailOutcome> {
  return write(db, (tx) => queueLinkMail(tx, request, link)).then((done) => done.value);
}

/**
 * A link the signed-in member asked for (the verification again, a new address): 503
 * mail-unavailable without a way to send mail, 429 past a limit; otherwise the route's answer.
 */
export async function mailRequestedLink(
  request: FastifyRequest,
  link: { userId: string; purpose: TokenPurpose; to: string },
): Promise<{ sent: true }> {
  if (!mailAvailable(request.server.config)) throw mailUnavailable();
  const outcome = await sendLinkMail(request.server.database.db, request, link);
  if (!outcome.sent) throw tooManyRequests(outcome.retryAfterSeconds, "emails");
  return outcome;
}
