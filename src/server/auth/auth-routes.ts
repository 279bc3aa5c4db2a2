import type { FastifyRequest } from "fastify";
import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  authUserResponseSchema,
  credentialsSchema,
  isValidEmail,
  normalizeEmail,
} from "../../shared/auth.ts";
import type { Db } from "../db/database.ts";
import {
  accountSuspended,
  emailAlreadyInUse,
  invalidCredential,
  invalidEmail,
  missingEmail,
  userNotFound,
  weakPassword,
  wrongPassword,
} from "./auth-errors.ts";
import { registerAuthRateLimits, signInLimit, signUpLimit } from "./auth-rate-limits.ts";
import { presentIdentity } from "./identity-presenter.ts";
import { hashPassword, prepareDummyHash, verifyPassword } from "./password-hashing.ts";
import { checkPasswordStrength } from "./password-policy.ts";
import {
  beginSignInAttempt,
  rememberDevice,
  signInFailed,
  signInRefused,
  signInSucceeded,
} from "./sign-in-attempt.ts";
import { endSession, startSession } from "./start-session.ts";
import { findUserByEmail, type Identity, insertPasswordUser } from "./users-repository.ts";

/** The email as accounts store it, or 400 invalid-email ("Enter your email." when empty). */
function validEmail(input: string): string {
  const email = normalizeEmail(input);
  if (!email) throw missingEmail();
  if (!isValidEmail(email)) throw invalidEmail();
  return email;
}

export type AuthRoutesOptions = {
  /**
   * What a sign-up writes besides the account, in the same transaction (issue 15: the verification
   * link and its mail). Passed in by app.ts, so auth depends on no other feature.
   */
  afterSignUp?: AfterSignUp;
};

export type AfterSignUp = (tx: Db, identity: Identity, request: FastifyRequest) => Promise<void>;

/** Register and sign-in: an email and password in, the account out, each under its per-IP limit. */
function credentialsRouteOptions<Status extends 200 | 201>(limit: object, status: Status) {
  return {
    config: limit,
    schema: {
      body: credentialsSchema,
      response: { [status]: authUserResponseSchema } as Record<
        Status,
        typeof authUserResponseSchema
      >,
    },
  };
}

/** Email/password accounts: register, sign in, sign out (DESIGN §4). */
export const authRoutes: FastifyPluginAsyncZod<AuthRoutesOptions> = async (app, options) => {
  const db = app.database.db;
  const settings = app.config.auth;
  const failureWindow = {
    max: settings.maxFailedSignIns,
    windowMinutes: settings.failedSignInWindowMinutes,
  };
  await registerAuthRateLimits(app);
  prepareDummyHash();

  app.post(
    "/auth/register",
    credentialsRouteOptions(signUpLimit(app), 201),
    async (request, reply) => {
      const email = validEmail(request.body.email);
      const strength = checkPasswordStrength(request.body.password);
      if (strength !== "ok") throw weakPassword(strength);
      const passwordHash = await hashPassword(request.body.password);
      const { afterSignUp } = options;
      const created = await insertPasswordUser(
        db,
        { email, passwordHash },
        afterSignUp && ((tx, identity) => afterSignUp(tx, identity, request)),
      );
      if (!created.ok) throw emailAlreadyInUse();
      await startSession(request, reply, created.value.id);
      await rememberDevice(request, reply, email);
      return reply.status(201).send({ user: presentIdentity(created.value) });
    },
  );

  app.post(
    "/auth/login",
    credentialsRouteOptions(signInLimit(app), 200),
    async (request, reply) => {
      const email = validEmail(request.body.email);
      const attempt = await beginSignInAttempt(request, email, failureWindow);
      const user = await findUserByEmail(db, email);
      const passwordMatches = await verifyPassword(
        user?.passwordHash ?? null,
        request.body.password,
      );
      if (!user || !passwordMatches) {
        await signInFailed(request, failureWindow);
        if (settings.enumerationProtection) throw invalidCredential();
        throw user ? wrongPassword() : userNotFound();
      }
      // Told only after the right password: a guesser learns nothing about the account.
      if (user.suspendedUntil) {
        await signInRefused(request, attempt);
        throw accountSuspended(user.suspendedUntil);
      }
      await signInSucceeded(request, reply, email, attempt);
      await startSession(request, reply, user.id);
      return { user: presentIdentity(user) };
    },
  );

  app.post("/auth/logout", async (request, reply) => {
    await endSession(request, reply);
    return reply.status(204).send();
  });
};
