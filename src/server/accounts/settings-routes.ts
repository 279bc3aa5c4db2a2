import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import {
  changeEmailBodySchema,
  changePasswordBodySchema,
  mailSentResponseSchema,
} from "../../shared/accounts.ts";
import { isValidEmail, normalizeEmail } from "../../shared/auth.ts";
import {
  checkPasswordStrength,
  emailAlreadyInUse,
  findUserByEmail,
  invalidEmail,
  weakPassword,
} from "../auth/index.ts";
import { sameEmail } from "./account-errors.ts";
import { mailRequestedLink } from "./link-mail.ts";
import { changePassword } from "./password-change.ts";
import { ownerChangeOptions, reauthenticate } from "./reauthentication.ts";

/** Settings: a new password (the current one first), a new email (once the new address proves it). */
export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.put(
    "/me/password",
    ownerChangeOptions(app, { body: changePasswordBodySchema }),
    async (request, reply) => {
      const { currentPassword, newPassword } = request.body;
      const viewer = await reauthenticate(request, {
        password: currentPassword,
        field: "currentPassword",
        checkBody: () => {
          const strength = checkPasswordStrength(newPassword);
          if (strength !== "ok") throw weakPassword(strength, "newPassword");
        },
      });
      await changePassword(db, viewer, newPassword);
      return reply.status(204).send();
    },
  );

  app.put(
    "/me/email",
    ownerChangeOptions(app, {
      body: changeEmailBodySchema,
      response: { 202: mailSentResponseSchema },
    }),
    async (request, reply) => {
      const email = normalizeEmail(request.body.email);
      const viewer = await reauthenticate(request, {
        password: request.body.currentPassword,
        field: "currentPassword",
        checkBody: () => {
          if (!isValidEmail(email)) throw invalidEmail();
        },
      });
      if (email === viewer.identity.email) throw sameEmail();
      if (await findUserByEmail(db, email)) throw emailAlreadyInUse();
      // The account keeps its address until the link mailed to the new one is followed.
      const sent = await mailRequestedLink(request, {
        userId: viewer.identity.id,
        purpose: "change-email",
        to: email,
      });
      return reply.status(202).send(sent);
    },
  );
};
