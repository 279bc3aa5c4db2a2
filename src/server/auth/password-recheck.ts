import type { FastifyRequest } from "fastify";
import { passwordChecksPaused } from "./auth-errors.ts";
import { verifyPassword } from "./password-hashing.ts";
import { beginSignInAttempt, signInFailed } from "./sign-in-attempt.ts";
import { clearFailures } from "./sign-in-failures.ts";

/**
 * Whether `password` is the account's, asked again of its signed-in owner before a change (issue 28
 * item 7). Counted like a sign-in, on the same key (the account's email, or this browser's when it
 * is trusted for it): a stolen session must not guess the password here without limit, and past the
 * limit even the right password is refused with 429 until the window moves on. A right one clears
 * the count, as a sign-in does; the browser is not trusted for it (nobody signed in).
 */
export async function recheckPassword(
  request: FastifyRequest,
  account: { id: string; email: string | null; passwordHash: string },
  password: string,
): Promise<boolean> {
  const settings = request.server.config.auth;
  const window = {
    max: settings.maxFailedSignIns,
    windowMinutes: settings.failedSignInWindowMinutes,
  };
  // An account without an email cannot sign in with a password, but its checks still count.
  const accountKey = account.email ?? `user:${account.id}`;
  const attempt = await beginSignInAttempt(request, accountKey, window, passwordChecksPaused);
  if (!(await verifyPassword(account.passwordHash, password))) {
    await signInFailed(request, window);
    return false;
  }
  await clearFailures(request.server.database.db, attempt.limitKey);
  return true;
}
