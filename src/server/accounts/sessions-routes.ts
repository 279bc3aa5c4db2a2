import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sessionParamsSchema, sessionsResponseSchema } from "../../shared/accounts.ts";
import {
  endSession,
  listSessions,
  requireSignedIn,
  revokeOtherAccess,
  revokeSessionById,
} from "../auth/index.ts";
import { notFound } from "../http/app-error.ts";
import { write } from "../write/index.ts";
import { presentSession } from "./session-presenter.ts";

/** The signed-in browsers of the account: the list, signing one out, signing out all the others. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/me/sessions",
    { preHandler: requireSignedIn, schema: { response: { 200: sessionsResponseSchema } } },
    async (request) => {
      const viewer = request.signedIn;
      const rows = await listSessions(db, viewer.identity.id);
      return { sessions: rows.map((row) => presentSession(row, viewer.session.publicId)) };
    },
  );

  app.delete(
    "/me/sessions/:id",
    { preHandler: requireSignedIn, schema: { params: sessionParamsSchema } },
    async (request, reply) => {
      const viewer = request.signedIn;
      const { id } = request.params;
      // Another account's session answers as an unknown one does.
      const revoked = await revokeSessionById(db, viewer.identity.id, id);
      if (!revoked) throw notFound("There is no such session.");
      if (id.toLowerCase() === viewer.session.publicId) await endSession(request, reply);
      return reply.status(204).send();
    },
  );

  app.post(
    "/me/sessions/revoke-others",
    { preHandler: requireSignedIn },
    async (request, reply) => {
      const viewer = request.signedIn;
      // Whoever else was signed in loses the links they may have asked for too (a new address).
      await write(db, (tx) =>
        revokeOtherAccess(tx, viewer.identity.id, viewer.session.publicId),
      ).then((done) => done.value);
      return reply.status(204).send();
    },
  );
};
