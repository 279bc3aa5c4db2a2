import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  authUserResponseSchema,
  credentialsSchema,
  isValidEmail,
  normalizeEmail,
} from "../../shared/auth.ts";
import { sqlStateOf } from "../http/storage-errors.ts";
import {
  emailAlreadyInUse,
  invalidCredential,
  invalidEmail,
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
  signInSucceeded,
} from "./sign-in-attempt.ts";
import { endSession, startSession } from "./start-session.ts";
import { findUserByEmail, insertPasswordUser } from "./users-repository.ts";

const UNIQUE_VIOLATION = "23505";

/** Email/password accounts: register, sign in, sign out (DESIGN §4). */
export const authRoutes: FastifyPluginAsyncZod = async (app) => {
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
    {
      config: signUpLimit(app),
      schema: { body: credentialsSchema, response: { 201: authUserResponseSchema } },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      if (!isValidEmail(email)) throw invalidEmail();
      const strength = checkPasswordStrength(request.body.password);
      if (strength !== "ok") throw weakPassword(strength);
      if (await findUserByEmail(db, email)) throw emailAlreadyInUse();
      const passwordHash = await hashPassword(request.body.password);
      const user = await insertPasswordUser(db, { email, passwordHash }).catch((error: unknown) => {
        throw sqlStateOf(error) === UNIQUE_VIOLATION ? emailAlreadyInUse() : error;
      });
      await startSession(request, reply, user.id);
      await rememberDevice(request, reply, email);
      return reply.status(201).send({ user: presentIdentity(user) });
    },
  );

  app.post(
    "/auth/login",
    {
      config: signInLimit(app),
      schema: { body: credentialsSchema, response: { 200: authUserResponseSchema } },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      if (!isValidEmail(email)) throw invalidEmail();
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
