import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { mailSentResponseSchema, verifyEmailBodySchema } from "../../shared/accounts.ts";
import { emailAlreadyInUse, presentIdentity, requireSignedIn } from "../auth/index.ts";
import { appLink, queueMail } from "../mail/index.ts";
import { alreadyVerified, invalidToken, noEmailToVerify } from "./account-errors.ts";
import { followLinkOptions } from "./accounts-rate-limits.ts";
import { followEmailLink } from "./email-links.ts";
import { mailRequestedLink } from "./link-mail.ts";
import { emailChangedNotice } from "./messages.ts";

/** Proving an address: the link a sign-up or a change of address mails, and asking for it again. */
export const verificationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.post(
    "/auth/verify-email/resend",
    { preHandler: requireSignedIn, schema: { response: { 202: mailSentResponseSchema } } },
    async (request, reply) => {
      const { identity } = request.signedIn;
      if (!identity.email) throw noEmailToVerify();
      if (identity.emailVerified) throw alreadyVerified();
      const sent = await mailRequestedLink(request, {
        userId: identity.id,
        purpose: "verify-email",
        to: identity.email,
      });
      return reply.status(202).send(sent);
    },
  );

  app.post("/auth/verify-email", followLinkOptions(app, verifyEmailBodySchema), async (request) => {
    const outcome = await followEmailLink(db, request.body.token, (tx, previousEmail) =>
      queueMail(tx, emailChangedNotice(previousEmail, appLink(request, "/login"))),
    );
    if (!outcome.ok)
      throw outcome.reason === "invalid-token" ? invalidToken() : emailAlreadyInUse();
    return { user: presentIdentity(outcome.value) };
  });
};
