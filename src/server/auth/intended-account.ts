import type { FastifyRequest } from "fastify";
import { SESSION_ACCOUNT_HEADER } from "../../shared/constants.ts";
import { conflict } from "../http/app-error.ts";

const READS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * A write that says which account it was made for (the web's tabs do, clients without the header
 * are not held to it) is refused when the session cookie now signs in another account: another tab
 * switched accounts, and this tab's draft must not go out as the new one (issue 20). A signed-out
 * cookie is left to the route, which answers 401 as it would anyway.
 */
export function checkIntendedAccount(request: FastifyRequest, accountId: string | null): void {
  if (READS.has(request.method) || accountId === null) return;
  const intended = request.headers[SESSION_ACCOUNT_HEADER];
  if (typeof intended !== "string" || intended === accountId) return;
  throw conflict(
    "session-changed",
    "You are signed in as someone else now (changed in another tab). Nothing was sent.",
  );
}
