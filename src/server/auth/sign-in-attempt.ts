import type { FastifyReply, FastifyRequest } from "fastify";
import { signInPaused } from "./auth-errors.ts";
import { readDeviceToken, setDeviceCookie } from "./device-cookie.ts";
import {
  clearFailures,
  type FailureWindow,
  pruneOldFailures,
  reserveAttempt,
} from "./sign-in-failures.ts";
import { pruneExpiredDevices, trustDevice, trustedDeviceKey } from "./trusted-devices.ts";

/** Whose limit an attempt counts against: the account's, or the trusted browser's own. */
export type SignInAttempt = { limitKey: string; fromTrustedDevice: boolean };

/**
 * Reserves a password attempt before it is checked, or throws 429 with the time sign-in resumes.
 * A browser that signed in to this account before counts on its own key, so a stranger's failures
 * (which lock the account key) do not keep the owner out, and its own failures lock only it.
 */
export async function beginSignInAttempt(
  request: FastifyRequest,
  accountKey: string,
  window: FailureWindow,
  paused: (retryAfterSeconds: number) => Error = signInPaused,
): Promise<SignInAttempt> {
  const db = request.server.database.db;
  const deviceToken = readDeviceToken(request);
  const deviceKey = deviceToken ? await trustedDeviceKey(db, deviceToken, accountKey) : null;
  const limitKey = deviceKey ?? accountKey;
  const reservation = await reserveAttempt(db, limitKey, window);
  if (!reservation.allowed) throw paused(reservation.retryAfterSeconds);
  return { limitKey, fromTrustedDevice: deviceKey !== null };
}

/** The reservation stays as the failure; rows of every key past the window go at the same time. */
export async function signInFailed(request: FastifyRequest, window: FailureWindow): Promise<void> {
  const db = request.server.database.db;
  await pruneOldFailures(db, window);
  await pruneExpiredDevices(db);
}

/** Clears the key's failures and, for a browser not yet trusted for this account, trusts it. */
export async function signInSucceeded(
  request: FastifyRequest,
  reply: FastifyReply,
  accountKey: string,
  attempt: SignInAttempt,
): Promise<void> {
  await clearFailures(request.server.database.db, attempt.limitKey);
  if (!attempt.fromTrustedDevice) await rememberDevice(request, reply, accountKey);
}

/**
 * The right password, but the account may not sign in (suspended): its reservation goes, as after a
 * success, so the owner retrying is told why rather than locked out; the browser is not trusted.
 */
export async function signInRefused(
  request: FastifyRequest,
  attempt: SignInAttempt,
): Promise<void> {
  await clearFailures(request.server.database.db, attempt.limitKey);
}

export async function rememberDevice(
  request: FastifyRequest,
  reply: FastifyReply,
  accountKey: string,
): Promise<void> {
  const { token } = await trustDevice(request.server.database.db, accountKey);
  setDeviceCookie(request, reply, token);
}
