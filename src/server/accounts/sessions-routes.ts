import type { FastifyPluginAsyncZod } from "fastify-type-provider-zod";
import { sessionParamsSchema, sessionsResponseSchema } from "../../shared/accounts.ts";
import {
  endSession,
  listSessions,
  requireViewer,
  revokeOtherSessions,
  revokeSessionById,
} from "../auth/index.ts";
import { notFound } from "../http/app-error.ts";
import { presentSession } from "./session-presenter.ts";

/** The signed-in browsers of the account: the list, signing one out, signing out all the others. */
export const sessionsRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    "/me/sessions",
    { schema: { response: { 200: sessionsResponseSchema } } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      reply.header("Cache-Control", "no-store");
      const rows = await listSessions(db, viewer.identity.id);
      return { sessions: rows.map((row) => presentSession(row, viewer.session.publicId)) };
    },
  );

  app.delete(
    "/me/sessions/:id",
    { schema: { params: sessionParamsSchema } },
    async (request, reply) => {
      const viewer = await requireViewer(request);
      const { id } = request.params;
      // Another account's session answers as an unknown one does.
      const revoked = await revokeSessionById(db, viewer.identity.id, id);
      if (!revoked) throw notFound("There is no such session.");
      if (id.toLowerCase() === viewer.session.publicId) await endSession(request, reply);
      return reply.status(204).send();
    },
  );

  app.post("/me/sessions/revoke-others", async (request, reply) => {
    const viewer = await requireViewer(request);
    await revokeOtherSessions(db, viewer.identity.id, viewer.session.publicId);
    return reply.status(204).send();
  });
};
