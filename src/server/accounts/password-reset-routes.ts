import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  forgotPasswordBodySchema,
  mailSentResponseSchema,
  resetPasswordBodySchema,
} from "../../shared/accounts.ts";
import { isValidEmail, normalizeEmail } from "../../shared/auth.ts";
import {
  checkPasswordStrength,
  findUserByEmail,
  invalidEmail,
  presentIdentity,
  startSession,
  weakPassword,
} from "../auth/index.ts";
import { mailAvailable } from "../mail/index.ts";
import { invalidToken, mailUnavailable } from "./account-errors.ts";
import { followLinkOptions, forgotPasswordLimit } from "./accounts-rate-limits.ts";
import { sendLinkMail } from "./link-mail.ts";
import { resetPasswordByLink } from "./password-reset.ts";

/** Forgot password: a one-hour link by mail, then a new password that signs everyone else out. */
export const passwordResetRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    "/auth/forgot-password",
    {
      config: forgotPasswordLimit(app),
      schema: { body: forgotPasswordBodySchema, response: { 202: mailSentResponseSchema } },
    },
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      if (!isValidEmail(email)) throw invalidEmail();
      if (!mailAvailable(app.config)) throw mailUnavailable();
      const user = await findUserByEmail(db, email);
      // The same answer, after about the same work, whether or not an account uses the address, and
      // whether or not a limit held the mail back: the answer tells nobody who has an account.
      await sendLinkMail(db, request, {
        userId: user?.id ?? null,
        purpose: "reset-password",
        to: email,
      });
      return reply.status(202).send({ sent: true });
    },
  );

  app.post(
    "/auth/reset-password",
    followLinkOptions(app, resetPasswordBodySchema),
    async (request, reply) => {
      const { token, password } = request.body;
      const strength = checkPasswordStrength(password);
      if (strength !== "ok") throw weakPassword(strength);
      const reset = await resetPasswordByLink(db, token, password);
      if (!reset.ok) throw invalidToken();
      await startSession(request, reply, reset.value.id);
      return { user: presentIdentity(reset.value) };
    },
  );
};
